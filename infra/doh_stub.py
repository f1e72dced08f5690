"""A DNS-over-HTTPS JSON resolver that knows no records, for the fuzzed server.

    python infra/doh_stub.py PORT

Checking a custom domain reads its TXT record through DNS over HTTPS (DNS_OVER_HTTPS_URL). The
machine that runs infra/schemathesis.sh may have no route to a public resolver, and the answer it
would give for the fuzzer's made-up domains is known: no such record (`Status` 0, no `Answer`),
which the server answers with 422 `domain_not_verified`. The white-label tests run their own
resolver with the records they publish (tests/api/white_label.rs).
"""

import http.server
import json
import sys


class NoRecords(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"Status": 0, "Answer": []}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/dns-json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), NoRecords).serve_forever()
