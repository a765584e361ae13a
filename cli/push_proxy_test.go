package cli

import (
	"io"
	"strings"
	"testing"

	"goldshop/app/push"
)

func TestPushProxyMustBeAProxysAddress(t *testing.T) {
	for _, good := range []string{"", "http://proxy.example:3128", "https://user:pw@proxy.example", "socks5://127.0.0.1:1080"} {
		if _, err := pushProxy(good); err != nil {
			t.Errorf("%q refused: %v", good, err)
		}
	}
	for _, bad := range []string{"proxy.example:3128", "ftp://proxy.example", "http://", "://x"} {
		if _, err := pushProxy(bad); err == nil {
			t.Errorf("%q taken", bad)
		}
	}
	if _, err := serveConfig([]string{"--push-proxy", "proxy.example:3128"}, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "--push-proxy") {
		t.Fatalf("serve took a bad --push-proxy: %v", err)
	}
	proxy, _ := pushProxy("http://proxy.example:3128")
	if c := push.NewClient(proxy); c.CheckRedirect == nil || c.Timeout == 0 {
		t.Fatal("the push client follows redirects or waits forever")
	}
}
