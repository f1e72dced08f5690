"""Verifies a delivered webhook with the PyPI `standardwebhooks` library: a verifier nobody here
wrote. The Rust suite writes one real delivery (secret, headers, body) to the file named by
WORKTOP_WEBHOOK_SAMPLE; infra/test.sh then runs this on it.

Usage: python infra/verify_webhook.py SAMPLE.json
"""

import json
import sys

from standardwebhooks.webhooks import Webhook


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        sample = json.load(f)
    payload = Webhook(sample["secret"]).verify(sample["body"], sample["headers"])
    print(f"standardwebhooks verified a delivered {payload['type']} event ({sample['headers']['webhook-id']})")


if __name__ == "__main__":
    main()
