"""Times a Lambda function's init the way Lambda sees it: from the start of its `bootstrap` process
to its first poll of the runtime API (`GET /2018-06-01/runtime/invocation/next`), which is when
Lambda would hand it the first event. Serves a runtime API of its own on a free loopback port that
never answers that poll; the process is killed once it has asked.

    python infra/lambda_init_time.py BOOTSTRAP [RUNS]

The function's configuration comes from this process's environment (its STORE, tables, queues and
AWS_ENDPOINT_URL); AWS_LAMBDA_RUNTIME_API and the AWS_LAMBDA_* variables the runtime reads are set
here. Prints the median of RUNS (default 3) in milliseconds; exits 1 if the function exits or does
not poll within 60 s (its stderr is printed).
"""

import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

NEXT = "/2018-06-01/runtime/invocation/next"


def serve_runtime_api():
    """A runtime API whose `next` is recorded and never answered. Returns (server, polled event)."""
    polled = threading.Event()
    released = threading.Event()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == NEXT:
                polled.set()
                released.wait(70)
            self.send_response(404)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, polled, released


def time_once(bootstrap):
    server, polled, released = serve_runtime_api()
    env = dict(os.environ)
    env.update(
        AWS_LAMBDA_RUNTIME_API=f"127.0.0.1:{server.server_address[1]}",
        AWS_LAMBDA_FUNCTION_NAME=os.path.basename(os.path.dirname(bootstrap)) or "function",
        AWS_LAMBDA_FUNCTION_VERSION="$LATEST",
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE="256",
        AWS_LAMBDA_LOG_GROUP_NAME="/aws/lambda/init-time",
        AWS_LAMBDA_LOG_STREAM_NAME="init-time",
    )
    with tempfile.TemporaryFile() as stderr:
        start = time.monotonic()
        process = subprocess.Popen([bootstrap], env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        try:
            deadline = start + 60
            while not polled.wait(0.005):
                if process.poll() is not None or time.monotonic() > deadline:
                    stderr.seek(0)
                    sys.stderr.write(stderr.read().decode(errors="replace")[-4000:])
                    raise SystemExit(f"{bootstrap} exited ({process.returncode}) or did not poll within 60 s")
            return (time.monotonic() - start) * 1000
        finally:
            process.kill()
            process.wait()
            released.set()
            server.shutdown()


def main():
    bootstrap = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    times = [time_once(bootstrap) for _ in range(runs)]
    print(f"{statistics.median(times):.0f}")


if __name__ == "__main__":
    main()
