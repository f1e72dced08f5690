#!/usr/bin/env python3
"""Failed-login timing, for an address with an account and one without (a benchmark, not a test).

    infra/login_timing.py BASE_URL ADMIN_EMAIL ADMIN_PASSWORD [ACCOUNTS]

Against a running server on an empty store (rate limits off or high): creates ACCOUNTS users
(default 10), then makes five failed logins for each of them and for as many unknown addresses
(five is the throttle's limit), and prints the latency of both kinds. The login answer must not
tell the two apart: same statuses, and latencies that overlap.
"""

import json
import statistics
import sys
import time
import urllib.error
import urllib.request
import uuid


def call(base, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(req) as resp:
            status, payload = resp.status, resp.read()
    except urllib.error.HTTPError as err:
        status, payload = err.code, err.read()
    return status, json.loads(payload or b"null"), (time.perf_counter() - started) * 1000


def summary(name, samples):
    ms = sorted(t for _, t in samples)
    statuses = sorted({s for s, _ in samples})
    p90 = ms[int(len(ms) * 0.9) - 1]
    print(f"{name:>10}: n={len(ms)} statuses={statuses} min={ms[0]:.1f} median={statistics.median(ms):.1f} "
          f"p90={p90:.1f} max={ms[-1]:.1f} ms")


def main():
    base, email, password = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
    accounts = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    status, body, _ = call(base, "POST", "/api/login", {"email": email, "password": password})
    assert status == 200, body
    token = body["token"]
    known = []
    for _ in range(accounts):
        address = f"timing-{uuid.uuid4().hex}@example.com"
        status, body, _ = call(base, "POST", "/api/user/store", {"name": "Timing", "email": address,
                                                                 "password": "timing-password-1", "role": "staff"},
                               token)
        assert status == 201, body
        known.append(address)
    unknown = [f"nobody-{uuid.uuid4().hex}@example.com" for _ in range(accounts)]
    results = {"known": [], "unknown": []}
    # Interleaved, so both kinds see the same machine load.
    for attempt in range(5):
        for kind, addresses in (("known", known), ("unknown", unknown)):
            for address in addresses:
                status, _, ms = call(base, "POST", "/api/login", {"email": address, "password": "wrong-password"})
                results[kind].append((status, ms))
    for kind, samples in results.items():
        summary(kind, samples)


if __name__ == "__main__":
    main()
