"""A fault-injecting HTTP proxy between the server and moto: what production AWS does every day.

Each request from an AWS SDK is forwarded to moto, or, with the probability the rate sets, meets
one fault instead, chosen by a seeded random stream so that a failing run can be replayed:

- throttle    the service's own throttling answer: DynamoDB 400 ThrottlingException or
              ProvisionedThroughputExceededException, SQS 400 ThrottlingException (JSON
              protocol), S3 503 SlowDown (XML);
- error       the service's own 500: DynamoDB InternalServerError, SQS InternalFailure,
              S3 InternalError;
- slow        forwarded after a pause of 50 to 400 ms;
- drop-before the connection is closed once the request is read, before moto sees it;
- drop-after  the request reaches moto (its write happens), then the connection is closed
              before the answer is sent: the client sees an error for a write that happened.

The service is read from the request's SigV4 credential scope (.../<region>/<service>/aws4_request).
moto's own routes (/moto-api) pass untouched. Every fault is counted; `GET /fault-proxy/stats`
answers the counts as JSON and `POST /fault-proxy/rate?value=R` changes the rate.

Usage: python infra/fault_proxy.py LISTEN_PORT UPSTREAM_PORT RATE SEED
"""

import asyncio
import json
import random
import re
import sys
import urllib.parse
from collections import Counter

KINDS = ["throttle", "error", "slow", "drop-before", "drop-after"]
WEIGHTS = [35, 20, 25, 10, 10]
SCOPE = re.compile(rb"Credential=[^/]+/\d{8}/[^/]+/([a-z0-9-]+)/aws4_request", re.IGNORECASE)
QUERY_SCOPE = re.compile(r"X-Amz-Credential=[^&]*%2F([a-z0-9-]+)%2Faws4_request", re.IGNORECASE)


class Faults:
    def __init__(self, rate, seed):
        self.rate = rate
        self.seed = seed
        self.random = random.Random(seed)
        self.counts = Counter()

    def draw(self, service):
        """The fault for the next request to `service`, or None."""
        if service is None or self.random.random() >= self.rate:
            self.counts[f"{service}:ok"] += 1
            return None
        kind = self.random.choices(KINDS, WEIGHTS)[0]
        self.counts[f"{service}:{kind}"] += 1
        return kind


def service_of(target, headers):
    auth = headers.get(b"authorization", b"")
    found = SCOPE.search(auth)
    if found:
        return found.group(1).decode()
    found = QUERY_SCOPE.search(target.decode("latin-1"))
    return found.group(1).lower() if found else None


def error_answer(service, kind, rng):
    """(status, content type, body) of `service`'s own answer for a throttle or a 500."""
    if service == "s3":
        code, status = ("SlowDown", 503) if kind == "throttle" else ("InternalError", 500)
        body = f"<?xml version='1.0' encoding='UTF-8'?><Error><Code>{code}</Code><Message>Injected by fault_proxy.</Message><RequestId>FAULT</RequestId></Error>"
        return status, "application/xml", body.encode()
    if service == "sqs":
        code = "ThrottlingException" if kind == "throttle" else "InternalFailure"
        body = {"__type": f"com.amazonaws.sqs#{code}", "message": "Injected by fault_proxy."}
        return (400 if kind == "throttle" else 500), "application/x-amz-json-1.0", json.dumps(body).encode()
    if kind == "throttle":
        code = rng.choice(["ThrottlingException", "ProvisionedThroughputExceededException"])
        status = 400
    else:
        code, status = "InternalServerError", 500
    body = {"__type": f"com.amazonaws.dynamodb.v20120810#{code}", "message": "Injected by fault_proxy."}
    return status, "application/x-amz-json-1.0", json.dumps(body).encode()


async def read_head(reader):
    """(request or status line, {lower-case name: value}, raw header lines) or None at EOF."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head[:-4].split(b"\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    return lines[0], headers, lines[1:]


async def read_body(reader, headers, until_eof=False):
    if b"chunked" in headers.get(b"transfer-encoding", b"").lower():
        body = b""
        while True:
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            body += chunk[:-2]
            if size == 0:
                # Trailers, if any, end with an empty line.
                while (await reader.readuntil(b"\r\n")) != b"\r\n":
                    pass
                return body
    if b"content-length" in headers:
        return await reader.readexactly(int(headers[b"content-length"]))
    return await reader.read() if until_eof else b""


def encode(first_line, header_lines, body, head_only=False):
    """The message with its body de-chunked and a Content-Length of its own (a HEAD's answer keeps
    the one it has, and no body)."""
    drop = (b"transfer-encoding", b"connection") + (() if head_only else (b"content-length",))
    kept = [h for h in header_lines if h.partition(b":")[0].strip().lower() not in drop]
    if not head_only:
        kept.append(b"Content-Length: " + str(len(body)).encode())
    return first_line + b"\r\n" + b"\r\n".join(kept) + b"\r\n\r\n" + body


class Proxy:
    def __init__(self, upstream_port, faults):
        self.upstream_port = upstream_port
        self.faults = faults

    async def forward(self, request, head_only):
        reader, writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        try:
            writer.write(request)
            await writer.drain()
            status_line, headers, header_lines = await read_head(reader)
            status = int(status_line.split(b" ")[1])
            no_body = head_only or status in (204, 304) or 100 <= status < 200
            body = b"" if no_body else await read_body(reader, headers, until_eof=True)
            return encode(status_line, header_lines, body, head_only=head_only)
        finally:
            writer.close()

    async def own_route(self, method, target):
        url = urllib.parse.urlsplit(target.decode())
        if url.path == "/fault-proxy/rate" and method == b"POST":
            self.faults.rate = float(urllib.parse.parse_qs(url.query)["value"][0])
        payload = json.dumps({"seed": self.faults.seed, "rate": self.faults.rate, "counts": self.faults.counts}).encode()
        return encode(b"HTTP/1.1 200 OK", [b"Content-Type: application/json"], payload)

    async def serve(self, reader, writer):
        try:
            while True:
                try:
                    request_line, headers, header_lines = await read_head(reader)
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                if headers.get(b"expect", b"").lower() == b"100-continue":
                    writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
                    header_lines = [h for h in header_lines if not h.lower().startswith(b"expect:")]
                body = await read_body(reader, headers)
                method, target, _ = request_line.split(b" ", 2)
                if target.startswith(b"/fault-proxy/"):
                    writer.write(await self.own_route(method, target))
                    await writer.drain()
                    continue
                service = None if target.startswith(b"/moto-api") else service_of(target, headers)
                kind = self.faults.draw(service)
                # One upstream connection per request, closed by moto after its answer.
                request = encode(request_line, header_lines + [b"Connection: close"], body)
                if kind == "drop-before":
                    return
                if kind in ("throttle", "error"):
                    status, content_type, payload = error_answer(service, kind, self.faults.random)
                    reason = {400: b"Bad Request", 500: b"Internal Server Error", 503: b"Service Unavailable"}[status]
                    answer = encode(
                        b"HTTP/1.1 %d %s" % (status, reason),
                        [b"Content-Type: " + content_type.encode(), b"x-amzn-RequestId: FAULT"],
                        payload,
                    )
                    writer.write(answer)
                    await writer.drain()
                    continue
                if kind == "slow":
                    await asyncio.sleep(self.faults.random.uniform(0.05, 0.4))
                answer = await self.forward(request, head_only=method == b"HEAD")
                if kind == "drop-after":
                    return
                writer.write(answer)
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            writer.close()


async def main():
    listen_port, upstream_port, rate, seed = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    proxy = Proxy(upstream_port, Faults(rate, seed))
    server = await asyncio.start_server(proxy.serve, "127.0.0.1", listen_port, limit=64 * 1024 * 1024)
    print(f"fault_proxy: 127.0.0.1:{listen_port} -> 127.0.0.1:{upstream_port}, rate {rate}, seed {seed}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
