// Command goldshop runs an online gold shop from one binary: the API, the web UI and a SQLite database.
// Its commands are in package cli.
package main

import (
	"context"
	"fmt"
	"os"

	"goldshop/cli"
)

func main() {
	if err := cli.Run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "goldshop:", err)
		os.Exit(1)
	}
}
