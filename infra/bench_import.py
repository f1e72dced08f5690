"""Bulk import and export at scale (infra/bench.sh, part `import`): imports ROWS contacts from one
CSV into a fresh local server and prints rows per second, from the upload to the job's end; then
exports them all as CSV and prints records per second and the server's peak memory before and
after the export (VmHWM), which a page-at-a-time export keeps flat.

usage: bench_import.py BASE_URL API_KEY SERVER_PID ROWS
"""

import json
import sys
import time
import urllib.request
import uuid

# The same import at 4bb2f9a, before imports committed hundreds of rows per transaction (one run
# of this script; issue 61 asks for five times it).
BEFORE_ROWS_PER_SECOND = 8_792

base, key, pid, rows = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
auth = {"Authorization": f"Bearer {key}", "Accept": "application/json"}


def call(method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, data=body, method=method, headers={**auth, **(headers or {})})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return json.load(answer)


def peak_memory_mib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def wait(path):
    while True:
        job = call("GET", path)
        if job["state"] in ("completed", "failed", "cancelled"):
            return job
        # Fine enough not to blur the end of an import that takes about a second.
        time.sleep(0.02)


lines = ["name,email,tags"] + [f"Contact {n},contact-{n}@import.example,imported;batch-{n % 7}" for n in range(rows)]
csv = ("\n".join(lines) + "\n").encode()
boundary = uuid.uuid4().hex
form = (
    f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"contacts.csv\"\r\n"
    "Content-Type: text/csv\r\n\r\n"
).encode() + csv + f"\r\n--{boundary}--\r\n".encode()

started = time.monotonic()
job = call("POST", "/api/v1/contacts/import", form, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
job = wait(f"/api/imports/{job['id']}")
seconds = time.monotonic() - started
print(f"  import of {rows} contacts ({len(csv) / 1e6:.1f} MB CSV): {job['state']}, {job['rows_created']} created, "
      f"{job['rows_failed']} failed in {seconds:.2f} s = {job['rows_created'] / seconds:,.0f} rows/s "
      f"({job['rows_created'] / seconds / BEFORE_ROWS_PER_SECOND:.1f}x the {BEFORE_ROWS_PER_SECOND:,} rows/s before chunked commits)")

before = peak_memory_mib()
started = time.monotonic()
job = call("POST", "/api/v1/contacts/export", json.dumps({"format": "csv"}).encode(), {"Content-Type": "application/json"})
job = wait(f"/api/exports/{job['id']}")
seconds = time.monotonic() - started
print(f"  export of {job['rows_done']} contacts ({job['size'] / 1e6:.1f} MB CSV): {job['state']} in {seconds:.1f} s = "
      f"{job['rows_done'] / seconds:,.0f} records/s; server peak memory {before:.0f} MiB before, {peak_memory_mib():.0f} MiB after")
