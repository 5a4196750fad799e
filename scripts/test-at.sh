#!/usr/bin/env bash
# Runs the test suites with every clock set to another time of day, to show no test depends on it:
#   scripts/test-at.sh 23:30 [e2e|browser|all] [jest arguments, e.g. --testPathPattern=octo]   (the next 23:30 in Kiruna)
# The Node processes (Jest and the app processes it starts) and a MariaDB of their own on port
# 3307 run under libfaketime (Debian package `faketime`) with the same offset, so the database's
# CURRENT_TIMESTAMP agrees with the app's clock; the browser suites' pages read the same time
# through Playwright's clock (Chromium itself crawls under libfaketime). Redis keeps the real time (only
# relative windows live there). Needs mariadbd (as .ci/run installs it) and faketime.
set -euo pipefail
cd "$(dirname "$0")/.."
at=${1:?usage: scripts/test-at.sh HH:MM [e2e|browser|all]}
which=${2:-all}
command -v faketime >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null; }
lib=$(dpkg -L libfaketime 2>/dev/null | grep 'libfaketime.so.1$' | head -1)

# Seconds from now to the next HH:MM in Kiruna.
now=$(date +%s)
target=$(TZ=Europe/Stockholm date -d "today $at" +%s)
[ "$target" -le "$now" ] && target=$(TZ=Europe/Stockholm date -d "tomorrow $at" +%s)
offset=$(( target - now ))
export FAKETIME="+${offset}s" LD_PRELOAD="$lib" FAKETIME_DONT_FAKE_MONOTONIC=1
echo "Clock set to $(TZ=Europe/Stockholm date -d "@$target" '+%a %Y-%m-%d %H:%M %Z') (offset ${offset} s)"

datadir=$(mktemp -d /tmp/norrsken-mariadb-XXXX)
mariadb-install-db --no-defaults --datadir="$datadir" --user=root --auth-root-authentication-method=normal >/dev/null
/usr/sbin/mariadbd --no-defaults --datadir="$datadir" --port=3307 --bind-address=127.0.0.1 --socket="$datadir/mysqld.sock" --user=root --skip-grant-tables --skip-log-bin >"$datadir/log" 2>&1 &
db=$!
trap 'kill $db 2>/dev/null; wait $db 2>/dev/null; rm -rf "$datadir"' EXIT
for _ in $(seq 1 60); do mariadb-admin -h127.0.0.1 -P3307 -uroot ping >/dev/null 2>&1 && break; sleep 1; done
mariadb -h127.0.0.1 -P3307 -uroot -e 'SELECT NOW() AS "database clock"'

export TEST_DATABASE_URL=mysql://root@127.0.0.1:3307/arctic_test BENCH_DATABASE_URL=mysql://root@127.0.0.1:3307/arctic_bench
status=0
shift $(( $# < 2 ? $# : 2 ))
if [ "$which" = e2e ] || [ "$which" = all ]; then npm run test:e2e -- "$@" || status=1; fi
if [ "$which" = browser ] || [ "$which" = all ]; then npm run test:browser -- "$@" || status=1; fi
exit $status
