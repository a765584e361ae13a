#!/usr/bin/env bash
# Builds the production binary (the committed ui/dist is embedded) and, with --service, installs it as a
# systemd service that runs as its own user with its data under /var/lib/goldshop.
#
#   ./install.sh                 build ./goldshop
#   sudo ./install.sh --service  build, install to /usr/local/bin and start the service on port 8080
set -euo pipefail
cd "$(dirname "$0")"

if [ "${1:-}" = "--rebuild-ui" ] || [ ! -f ui/dist/index.html ]; then
  (cd ui && npm ci --no-audit --no-fund && npm run build)
fi
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o goldshop .
echo "built ./goldshop ($(du -h goldshop | cut -f1))"

[ "${1:-}" = "--service" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "--service needs root (run it with sudo)" >&2
  exit 1
fi
id goldshop >/dev/null 2>&1 || useradd --system --home-dir /var/lib/goldshop --shell /usr/sbin/nologin goldshop
install -d -o goldshop -g goldshop -m 0750 /var/lib/goldshop
install -m 0755 goldshop /usr/local/bin/goldshop
[ -f /etc/default/goldshop ] || cat > /etc/default/goldshop <<'ENV'
# Settings of the goldshop service; every flag has a GOLDSHOP_<NAME> twin (see README.md).
GOLDSHOP_ADDR=:8080
GOLDSHOP_DATA=/var/lib/goldshop
GOLDSHOP_SMS=console
# GOLDSHOP_SMS=kavenegar
# GOLDSHOP_SMS_KEY=
# GOLDSHOP_SMS_TEMPLATE=verify
# GOLDSHOP_BASE_URL=https://shop.example
# GOLDSHOP_TRUST_PROXY=true
ENV
cat > /etc/systemd/system/goldshop.service <<'UNIT'
[Unit]
Description=goldshop online gold shop
After=network-online.target
Wants=network-online.target

[Service]
User=goldshop
Group=goldshop
EnvironmentFile=/etc/default/goldshop
ExecStart=/usr/local/bin/goldshop serve
Restart=on-failure
TimeoutStopSec=30
WorkingDirectory=/var/lib/goldshop
NoNewPrivileges=true
ProtectSystem=strict
ProtectHome=true
PrivateTmp=true
ReadWritePaths=/var/lib/goldshop

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now goldshop
echo "goldshop is running; create the first admin with:"
echo "  sudo -u goldshop GOLDSHOP_DATA=/var/lib/goldshop goldshop admin add --phone 09xxxxxxxxx --password '...'"
