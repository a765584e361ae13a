#!/usr/bin/env bash
# Builds the production binary (the committed ui/dist is embedded) and, with --service, installs it as a
# hardened systemd service that runs as its own user with its data under /var/lib/goldshop.
#
#   ./install.sh                  build ./goldshop
#   ./install.sh --rebuild-ui     rebuild ui/dist first, then build ./goldshop
#   sudo ./install.sh --service   build, install to /usr/local/bin and start the service (port 8080 until
#                                 /etc/default/goldshop says otherwise)
#   ./install.sh --unit-only DIR  only write DIR/etc/systemd/system/goldshop.service and DIR/etc/default/goldshop
#                                 (no build, no root: the tests verify exactly the unit --service installs)
set -euo pipefail
cd "$(dirname "$0")"

# The unit. Type=notify: the shop says READY=1 once its listeners are bound and feeds the watchdog only while
# its database answers, so a hung shop is restarted. The second block takes away what a web shop never
# needs; the one privilege left is binding ports 80 and 443.
write_unit() {
  cat > "$1" <<'UNIT'
[Unit]
Description=goldshop online gold shop
After=network-online.target
Wants=network-online.target

[Service]
Type=notify
NotifyAccess=main
WatchdogSec=30s
User=goldshop
Group=goldshop
# systemd creates /var/lib/goldshop owned by goldshop; the shop may write nowhere else (ProtectSystem=strict).
StateDirectory=goldshop
StateDirectoryMode=0750
WorkingDirectory=%S/goldshop
Environment=GOLDSHOP_DATA=%S/goldshop
EnvironmentFile=/etc/default/goldshop
ExecStart=/usr/local/bin/goldshop serve
Restart=on-failure
RestartSec=5s
# The shop gives requests in flight 20 seconds to finish.
TimeoutStopSec=30s
# Every open chat socket is a file descriptor.
LimitNOFILE=65536
UMask=0027

AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
ProtectSystem=strict
PrivateMounts=yes
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
ProtectProc=invisible
RemoveIPC=yes
# AF_UNIX: the socket that carries READY=1 and WATCHDOG=1 to systemd.
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
# A Go binary built with CGO_ENABLED=0 never maps memory both writable and executable.
MemoryDenyWriteExecute=yes
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallFilter=~@privileged @resources
# A call outside the list fails with EPERM rather than killing the shop mid-write.
SystemCallErrorNumber=EPERM

[Install]
WantedBy=multi-user.target
UNIT
}

# The settings, written once: a reinstall keeps what the owner changed. Readable by root only (systemd reads
# it before dropping to the goldshop user): it will hold the SMS key.
write_settings() {
  [ -f "$1" ] || (umask 077 && cat > "$1") <<'ENV'
# Settings of the goldshop service; every flag has a GOLDSHOP_<NAME> twin (see README.md).
# After a change: sudo systemctl restart goldshop
# The data lives in /var/lib/goldshop; the service may write nowhere else.
GOLDSHOP_ADDR=:8080
GOLDSHOP_SMS=console
# GOLDSHOP_SMS=kavenegar
# GOLDSHOP_SMS_KEY=
# GOLDSHOP_SMS_TEMPLATE=verify
# GOLDSHOP_BASE_URL=https://shop.example
#
# HTTPS served by the shop itself (ports 443 and 80):
# GOLDSHOP_ADDR=:443
# GOLDSHOP_HTTP_ADDR=:80
# GOLDSHOP_ACME_DOMAIN=shop.example
#
# Or behind a reverse proxy that does TLS:
# GOLDSHOP_TRUST_PROXY=true
#
# Copies of the database elsewhere, as it changes:
# GOLDSHOP_REPLICATE_TO=sftp://backup@backup.example/goldshop
#
# Push notifications on customers' phones, when this server cannot reach Google's push service:
# GOLDSHOP_PUSH_PROXY=http://proxy.example:3128
ENV
}

if [ "${1:-}" = "--unit-only" ]; then
  root=${2:?usage: install.sh --unit-only DIR}
  mkdir -p "$root/etc/systemd/system" "$root/etc/default"
  write_unit "$root/etc/systemd/system/goldshop.service"
  write_settings "$root/etc/default/goldshop"
  exit 0
fi

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
install -m 0755 goldshop /usr/local/bin/goldshop
# The key the second factors are sealed under: beside the data folder, never in it (backups copy that), made
# once and readable by the shop alone. Keep a copy of it apart from the backups.
if [ ! -f /var/lib/goldshop.key ]; then
  (umask 077 && od -An -tx1 -N32 /dev/urandom | tr -d ' \n' >/var/lib/goldshop.key && echo >>/var/lib/goldshop.key)
fi
chown goldshop:goldshop /var/lib/goldshop.key
chmod 0600 /var/lib/goldshop.key
write_settings /etc/default/goldshop
write_unit /etc/systemd/system/goldshop.service
systemctl daemon-reload
systemctl enable goldshop
# restart, not start: a reinstall must run the new binary under the new unit.
systemctl restart goldshop
echo "goldshop is running; create the first admin with:"
echo "  sudo -u goldshop GOLDSHOP_DATA=/var/lib/goldshop goldshop admin add --phone 09xxxxxxxxx --password '...'"
