"""moto's server, applying one request at a time.

Real DynamoDB applies each conditional write atomically. moto's threaded server does not: two
concurrent conditional updates can interleave between the check and the write. The rate-limit and
idempotency tests count exact outcomes under concurrency, so they need the atomicity the real
service has. Threads still accept connections (keep-alive works); a lock serialises the handling.

Usage: python infra/moto_serial.py HOST PORT
"""

import os
import sys
import threading

from moto.moto_server.werkzeug_app import (
    DomainDispatcherApplication,
    MotoRequestHandler,
    create_backend_app,
)
from werkzeug.serving import run_simple


def main() -> None:
    host, port = sys.argv[1], int(sys.argv[2])
    os.environ.setdefault("MOTO_PORT", str(port))
    app = DomainDispatcherApplication(create_backend_app)
    lock = threading.Lock()

    def serial(environ, start_response):
        with lock:
            return list(app(environ, start_response))

    run_simple(host, port, serial, threaded=True, request_handler=MotoRequestHandler)


if __name__ == "__main__":
    main()
