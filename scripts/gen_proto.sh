#!/usr/bin/env bash
# Regenerate the Python code for proto/loopwatch/v1/*.proto into sdk/loopwatch/wire/_proto/.
# The generated files are committed (installing loopwatch needs no protoc); run this after
# editing a .proto file. grpc_tools writes imports for the proto's own path (loopwatch.v1),
# which are rewritten to the private package they live in (public as ``loopwatch.wire.pb``).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-"$root/.venv/bin/python"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$python" -m grpc_tools.protoc -I "$root/proto" \
  --python_out="$out" --pyi_out="$out" --grpc_python_out="$out" \
  "$root"/proto/loopwatch/v1/*.proto
dest="$root/sdk/loopwatch/wire/_proto/v1"
rm -rf "$dest"
mkdir -p "$dest"
cp "$out"/loopwatch/v1/*.py "$out"/loopwatch/v1/*.pyi "$dest"/
sed -i 's/^from loopwatch\.v1 import/from loopwatch.wire._proto.v1 import/' "$dest"/*.py
printf '"""Generated protobuf and gRPC code (scripts/gen_proto.sh); do not edit."""\n' > "$dest/__init__.py"
printf '"""Generated protobuf and gRPC code (scripts/gen_proto.sh); do not edit."""\n' > "$root/sdk/loopwatch/wire/_proto/__init__.py"
