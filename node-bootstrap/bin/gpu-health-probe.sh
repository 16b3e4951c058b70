#!/bin/sh
# Runs every GPU health check once against this machine's real nvidia-smi (and dcgmi when it is
# installed) and prints what each read and how long it took: GpuHealthProbe. Not needed for CI,
# which runs the same main against fixtures.
#
#   node-bootstrap/bin/gpu-health-probe.sh [--timeout-ms 30000] [--diag-level 1]
#
# Classpath: STRATUS_CLASSPATH if set; else an installed node archive (/opt/stratus/lib/*); else
# this checkout's build (node-bootstrap/target/classes plus its dependencies, which Maven lists
# offline; build it first with: mvn -B -o -q -pl node-bootstrap -am compile).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${STRATUS_CLASSPATH:-}" ]; then
  cp=$STRATUS_CLASSPATH
elif [ -d /opt/stratus/lib ]; then
  cp='/opt/stratus/lib/*'
else
  list=$(mktemp)
  (cd "$here/.." && mvn -B -o -q -pl node-bootstrap dependency:build-classpath \
    -Dmdep.outputFile="$list" >/dev/null)
  cp="$here/target/classes:$(cat "$list")"
  rm -f "$list"
fi
smi=$(command -v nvidia-smi || echo /usr/bin/nvidia-smi)
set -- --nvidia-smi "$smi" --kernel-log /dev/kmsg "$@"
if command -v dcgmi >/dev/null 2>&1; then
  set -- --dcgmi "$(command -v dcgmi)" "$@"
fi
exec java -cp "$cp" dev.stratus.bootstrap.health.GpuHealthProbe "$@"
