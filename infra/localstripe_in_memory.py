"""Run localstripe with its state in memory only.

localstripe keeps its store in one fixed file, /tmp/localstripe.pickle: it loads it
at start and rewrites it whole on every change. Two runs on one machine (a developer's
emulator and a CI run) then share state and can leave each other a truncated file, which
stopped a CI run at start ("pickle data was truncated"). Each test run wants a fresh,
private emulator, so this wrapper starts from scratch and never writes the file.

It also adds Stripe Checkout, which localstripe lacks, and the subscription and invoice fields
billing reads (localstripe_checkout.py beside it).
"""

import sys

import localstripe_checkout
from localstripe import resources, server


def _keep_in_memory(_store):
    return None


resources.Store.dump_to_disk = _keep_in_memory
localstripe_checkout.install(server.app)

if __name__ == "__main__":
    if "--from-scratch" not in sys.argv:
        sys.argv.append("--from-scratch")
    server.start()
