#!/usr/bin/env bash
# The e2e project N times in a row (default 5) with both cores kept busy beside it by two `node -e "for(;;){}"`
# processes, as a loaded CI machine would be: every assertion on what the page shows must wait for it, so all runs
# must pass. Prints each run's result and wall time. Usage: bash scripts/e2e-under-load.sh [N]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
node -e "for(;;){}" & burn1=$!
node -e "for(;;){}" & burn2=$!
trap 'kill $burn1 $burn2 2>/dev/null' EXIT
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if npx vitest run --project e2e > "/tmp/e2e-under-load-$i.log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "/tmp/e2e-under-load-$i.log" | grep -E "^ *Tests +[0-9]" | tail -n 1)
  echo "run $i: $result in $(( $(date +%s) - start )) s (${summary# })"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $failed
