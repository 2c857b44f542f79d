#!/usr/bin/env sh
# Fetch the real Prozorro snapshot shipped in the MIT-licensed PyPI package
# prozorro-mcp 0.1.1 into the repository's ignored `data/` folder.
# Idempotent: does nothing when both files are already there.
# Usage: upstream/scripts/fetch-data.sh [DATA_DIR]   (default: <repo>/data)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${1:-${UPSTREAM_DATA_DIR:-$repo/data}}
wheel=prozorro_mcp-0.1.1-py3-none-any.whl

mkdir -p "$data"
if [ -s "$data/demo.jsonl.gz" ] && [ -s "$data/dk021_uk.json" ]; then
    echo "fetch-data: $data already holds demo.jsonl.gz and dk021_uk.json"
    exit 0
fi

if [ ! -s "$data/$wheel" ]; then
    python3 -m pip download --no-deps --only-binary=:all: prozorro-mcp==0.1.1 -d "$data"
fi

python3 - "$data" "$wheel" <<'PY'
import sys, zipfile, os
data, wheel = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(os.path.join(data, wheel)) as z:
    for name in ("demo.jsonl.gz", "dk021_uk.json"):
        body = z.read("prozorro_mcp/data/" + name)
        tmp = os.path.join(data, name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(body)
        os.replace(tmp, os.path.join(data, name))
        print("fetch-data: wrote", os.path.join(data, name), len(body), "bytes")
PY
