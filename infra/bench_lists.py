#!/usr/bin/env python3
"""Helpers of infra/bench.sh's list rows (stdlib only; a benchmark, not a test).

  bench_lists.py seed BASE_URL API_KEY contacts|leads|products|invoices|tasks N [THREADS]
      POSTs N creates (16 threads by default, one keep-alive connection each) with varied names,
      e-mails, phones and (contacts) tags, or (products) skus, prices and one service in ten, or
      (invoices) sales invoices of one service line to 20 customers, dated over 2025 and due 30
      days later, one in three recurring monthly, each posted after its create, or (tasks) tasks
      of one new project spread over the task stages, with priorities and due dates over 2026,
      then checks the list's meta.total (the task board's total). Prints one line,
      "seeded N <kind> in S s: R creates/s", and for leads a second, "first_stage_id ID" (the
      stage the creates landed in), for tasks "project_id ID". Exits non-zero on any answer but 201.
  bench_lists.py check BASE_URL API_KEY PATH
      GETs PATH once; prints its meta.total ("N+" when meta.total_exact is false), the revenue
      report's MRR, a task board's total or a project report's task count; exits non-zero unless it answers 200 with a list or a report.
  bench_lists.py settle DATA_DIR
      waits (up to 10 minutes) until the local server in DATA_DIR has moved every outbox entry
      (the webhook worker drains one transaction per event: 150,000 after seeding 50,000
      invoices, a minute of writes that would compete with the measured reads); reads the SQLite
      file read-only. Prints how long it waited.
  bench_lists.py wrk WRK_OUTPUT_FILE
      prints "REQ_PER_S P99_MS NON_2XX" from wrk --latency's output.
  bench_lists.py post-documents BASE_URL API_KEY CREATE_PATH POST_PATH BODY SECONDS [THREADS]
      for SECONDS, THREADS threads (4 by default) each create a document (POST CREATE_PATH with
      BODY, 201) and post it (POST POST_PATH/<id>, 200), one after the other; prints
      "DOCS_PER_S P99_MS FAILURES POSTED": posted documents per second, the 99th percentile of a
      create-and-post pair, answers other than 201/200, and how many were posted.
  bench_lists.py table RESULTS_TSV SEEDS_TSV
      prints the list table: each row's req/s and p99 per size, and the ratio of the largest
      size's req/s to the smallest's against the 50% target.
"""

import http.client
import json
import re
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

FIRST = [
    "Maria", "Mark", "Marco", "Martin", "Marta", "Ada", "Alan", "Grace", "Linus", "Ken",
    "Barbara", "John", "Emma", "Olivia", "Liam", "Noah", "Sofia", "Lucas", "Chloe", "David",
    "Sarah", "James", "Anna", "Peter", "Laura", "Paul", "Julia", "Thomas", "Elena", "Hugo",
    "Ines", "Omar", "Yuki", "Chen", "Priya", "Ravi", "Fatima", "Ahmed", "Nina", "Oscar",
]
LAST = [
    "Lopez", "Smith", "Johnson", "Garcia", "Brown", "Miller", "Davis", "Wilson", "Moore", "Taylor",
    "Anderson", "Thomas", "Martin", "Lee", "Walker", "Hall", "Young", "King", "Wright", "Scott",
    "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell", "Mitchell", "Roberts", "Carter", "Khan",
    "Nakamura", "Rossi", "Muller", "Dubois", "Silva", "Novak", "Kowalski", "Jensen", "Ivanov", "Byron",
]
DOMAINS = ["northwind.example", "contoso.example", "acme.example", "globex.example", "initech.example"]
TAGS = ["customer", "lead", "vip", "partner", "supplier"]
SUBJECTS = ["Website redesign", "Annual licence", "Support contract", "Hardware order", "Consulting"]
GOODS = ["Marker", "Cable", "Desk", "Lamp", "Chair", "Monitor", "Mug", "Notebook", "Marble tile", "Router"]
PATHS = {  # kind: (list path, create path)
    "contacts": ("/api/v1/contacts", "/api/v1/contacts"),
    "leads": ("/api/leads", "/api/lead/create"),
    "products": ("/api/products", "/api/product/create"),
    "invoices": ("/api/v1/invoices", "/api/sales-invoice/create"),
    # Of the project `seed` makes first ({project} is its id).
    "tasks": ("/api/project/{project}/task-board", "/api/project/{project}/task/create"),
}
PRIORITIES = ["low", "medium", "high"]
# The customers and the service the invoices bill (made by `seed` before the creates).
INVOICE_PARTIES = {}
# The project and the task stages the tasks are in (made or read by `seed` before the creates).
TASK_BOARD = {}


def invoice_body(i):
    day = 1 + i % 364
    date = time.strftime("%Y-%m-%d", time.gmtime(1735689600 + day * 86400))  # 2025-01-01 + day
    due = time.strftime("%Y-%m-%d", time.gmtime(1735689600 + (day + 30) * 86400))
    customers = INVOICE_PARTIES["customers"]
    return json.dumps({
        "customer_id": customers[i % len(customers)], "type": "service", "invoice_date": date, "due_date": due,
        "recurrence": "monthly" if i % 3 == 0 else None,
        "items": [{"product_id": INVOICE_PARTIES["service"], "quantity": 1 + i % 5, "unit_price": 10 + i % 90}],
    })


def invoice_parties(client):
    """20 customers and a service, for the invoices."""
    ids = []
    for n in range(20):
        status, answer = client.request("POST", "/api/customers/create", json.dumps({"name": f"Customer {n}"}))
        if status != 201:
            raise SystemExit(f"a customer: HTTP {status}: {answer[:300]!r}")
        ids.append(record_of(answer)["id"])
    service = json.dumps({"name": "Support plan", "sku": "SUPPORT", "type": "service", "sale_price": 50})
    status, answer = client.request("POST", "/api/product/create", service)
    if status != 201:
        raise SystemExit(f"the service: HTTP {status}: {answer[:300]!r}")
    INVOICE_PARTIES.update(customers=ids, service=record_of(answer)["id"])


def task_board(client):
    """A project for the tasks, and the workspace's task stages."""
    project = json.dumps({"name": "Board bench", "start_date": "2026-01-05", "budget": 50000})
    status, answer = client.request("POST", "/api/projects/create", project)
    if status != 201:
        raise SystemExit(f"the project: HTTP {status}: {answer[:300]!r}")
    project_id = record_of(answer)["id"]
    status, answer = client.request("GET", "/api/project/task-stages?per_page=100")
    if status != 200:
        raise SystemExit(f"the task stages: HTTP {status}: {answer[:300]!r}")
    TASK_BOARD.update(project=project_id, stages=[stage["id"] for stage in json.loads(answer)["data"]])


def task_body(i):
    stages = TASK_BOARD["stages"]
    due = time.strftime("%Y-%m-%d", time.gmtime(1767225600 + (i % 365) * 86400))  # 2026-01-01 + i days
    return json.dumps({
        "title": f"{SUBJECTS[i % len(SUBJECTS)]}: step {i}",
        "priority": PRIORITIES[i % len(PRIORITIES)],
        "stage_id": stages[i % len(stages)],
        "due_date": due,
    })


def body(kind, i):
    if kind == "invoices":
        return invoice_body(i)
    if kind == "tasks":
        return task_body(i)
    first = FIRST[i % len(FIRST)]
    last = LAST[(i * 7 + i // len(FIRST)) % len(LAST)]
    if kind == "products":
        return json.dumps({
            "name": f"{GOODS[i % len(GOODS)]} {last} {i}",
            "sku": f"SKU-{i:07d}",
            "type": "service" if i % 10 == 0 else "product",
            "sale_price": round(1 + (i * 37 % 5000) / 10, 2),
        })
    doc = {
        "name": f"{first} {last} {i}",
        "email": f"{first}.{last}.{i}@{DOMAINS[i % len(DOMAINS)]}".lower(),
        "phone": f"+1 555 {i:07d}",
    }
    if kind == "contacts":
        tags = [TAGS[i % len(TAGS)]]
        if i % 3 == 0:
            tags.append(TAGS[(i // 3) % len(TAGS)])
        doc["tags"] = sorted(set(tags))
        doc["custom_fields"] = {"segment": SEGMENTS[i % len(SEGMENTS)]}
    else:
        doc["subject"] = SUBJECTS[i % len(SUBJECTS)]
    return json.dumps(doc)


class Client(threading.local):
    """One keep-alive connection per thread, reopened after an error."""

    def __init__(self, base, key):
        self.url = urllib.parse.urlsplit(base)
        self.headers = {
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }
        self.conn = None

    def request(self, method, path, data=None):
        for attempt in range(3):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.url.hostname, self.url.port, timeout=120)
            try:
                self.conn.request(method, path, body=data, headers=self.headers)
                resp = self.conn.getresponse()
                return resp.status, resp.read()
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def list_path(kind):
    return PATHS[kind][0].format(project=TASK_BOARD.get("project"))


def create_path(kind):
    return PATHS[kind][1].format(project=TASK_BOARD.get("project"))


def record_of(answer):
    doc = json.loads(answer)
    return doc.get("data", doc) if isinstance(doc, dict) else doc


# The contacts' filterable custom field (`custom_fields.segment`): defined before the seeding, so
# each create writes its index entry, and ready once the index job has passed (seed waits).
SEGMENTS = ["Enterprise", "Mid-market", "Small business", "Public sector"]
SEGMENT_FIELD = {"resource": "crm_contact", "key": "segment", "label": "Segment", "type": "select",
                 "options": SEGMENTS, "filterable": True}


def wait_until_ready(client, field_id, seconds=600):
    for _ in range(seconds):
        status, answer = client.request("GET", f"/api/custom-fields/{field_id}")
        if status == 200 and json.loads(answer)["index"]["status"] == "ready":
            return
        time.sleep(1)
    raise SystemExit(f"custom field {field_id}: its index was not ready after {seconds} s")


def seed(base, key, kind, n, threads):
    client = Client(base, key)
    first = {}
    segment = None
    if kind == "contacts":
        status, answer = client.request("POST", "/api/custom-fields", json.dumps(SEGMENT_FIELD))
        if status != 201:
            raise SystemExit(f"defining the segment field: HTTP {status}: {answer[:300]!r}")
        segment = record_of(answer)["id"]

    def one(i):
        status, answer = client.request("POST", create_path(kind), body(kind, i))
        if status != 201:
            raise SystemExit(f"create {i} of {kind}: HTTP {status}: {answer[:300]!r}")
        if i == 0:
            first.update(record_of(answer))
        if kind == "invoices":
            status, answer = client.request("POST", f"/api/sales-invoice/post/{record_of(answer)['id']}", "{}")
            if status != 200:
                raise SystemExit(f"post {i} of {kind}: HTTP {status}: {answer[:300]!r}")

    if kind == "invoices":
        invoice_parties(client)
    if kind == "tasks":
        task_board(client)
    started = time.monotonic()
    # The first create alone: it tells the stage leads land in, and fails fast on a bad setup.
    one(0)
    with ThreadPoolExecutor(threads) as pool:
        for _ in pool.map(one, range(1, n), chunksize=64):
            pass
    took = time.monotonic() - started
    print(f"seeded {n} {kind} in {took:.1f} s: {n / took:.0f} creates/s ({threads} threads)")
    total, _ = check(base, key, list_path(kind) if kind == "tasks" else f"{list_path(kind)}?per_page=1")
    if int(total) < n:
        raise SystemExit(f"{kind}: meta.total {total} after {n} creates")
    if segment is not None:
        wait_until_ready(client, segment)
    if kind == "leads":
        print(f"first_stage_id {first['stage_id']}")
    if kind == "tasks":
        print(f"project_id {TASK_BOARD['project']}")


def check(base, key, path):
    status, answer = Client(base, key).request("GET", path)
    if status != 200:
        raise SystemExit(f"GET {path}: HTTP {status}: {answer[:300]!r}")
    doc = json.loads(answer)
    if "mrr" in doc:  # the revenue report: its MRR in place of a total
        return f"mrr {doc['mrr']}", True
    if "columns" in doc:  # a task board: its tasks, all columns
        return doc["total"], True
    if "overdue_tasks" in doc:  # a project report: its tasks
        return doc["tasks"]["total"], True
    if not isinstance(doc.get("data"), list):
        raise SystemExit(f"GET {path}: not a list answer: {answer[:300]!r}")
    return doc["meta"]["total"], doc["meta"].get("total_exact", True)


def settle(data_dir):
    import sqlite3
    db = sqlite3.connect(f"file:{data_dir}/worktop.sqlite3?mode=ro", uri=True, timeout=30)
    started = time.monotonic()
    while time.monotonic() - started < 600:
        (left,) = db.execute("SELECT count(*) FROM records WHERE pk = 'G#outbox#0'").fetchone()
        if left == 0:
            print(f"outbox drained after {time.monotonic() - started:.0f} s")
            return
        time.sleep(1)
    raise SystemExit(f"the outbox still holds {left} entries after 10 minutes")


def wrk(path):
    text = open(path).read()
    rps = re.search(r"Requests/sec:\s+([\d.]+)", text)
    p99 = re.search(r"^\s*99%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    errors = re.search(r"Socket errors:.*", text)
    if not rps or not p99:
        raise SystemExit(f"unreadable wrk output:\n{text}")
    ms = float(p99.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    bad = int(non2xx.group(1)) if non2xx else 0
    if errors and re.search(r"(connect|read|write|timeout) [1-9]", errors.group(0)):
        print(f"wrk: {errors.group(0).strip()}", file=sys.stderr)
    print(f"{float(rps.group(1)):.0f} {ms:.2f} {bad}")


def table(results, seeds):
    rows, sizes = {}, []
    for line in open(results):
        kind, label, size, rps, p99, bad = line.rstrip("\n").split("\t")
        size = int(size)
        if size not in sizes:
            sizes.append(size)
        rows.setdefault((kind, label), {})[size] = (float(rps), float(p99), int(bad))
    sizes.sort()
    cells = [f"{s:,} records" for s in sizes]
    width = max(len(f"{k} {l}") for k, l in rows) + 2
    head = f"{'row':<{width}}" + "".join(f"{c:>24}" for c in cells)
    if len(sizes) > 1:
        head += f"   {sizes[-1]:,} vs {sizes[0]:,} (target >= 50%)"
    print(head)
    print(f"{'':<{width}}" + "".join(f"{'req/s   p99':>24}" for _ in sizes))
    for (kind, label), by_size in rows.items():
        line = f"{kind + ' ' + label:<{width}}"
        for s in sizes:
            if s in by_size:
                rps, p99, bad = by_size[s]
                flag = f" !{bad} non-2xx" if bad else ""
                line += f"{f'{rps:>6,.0f} {p99:>7.1f} ms{flag}':>24}"
            else:
                line += f"{'-':>24}"
        if len(sizes) > 1 and sizes[0] in by_size and sizes[-1] in by_size:
            ratio = by_size[sizes[-1]][0] / by_size[sizes[0]][0]
            line += f"   {ratio:6.0%}  {'met' if ratio >= 0.5 else 'NOT met'}"
        print(line)
    print()
    print("seeding (create throughput with the indexes, through the API):")
    for line in open(seeds):
        kind, size, rate, took = line.rstrip("\n").split("\t")
        print(f"  {kind:<9} {int(size):>7,} records: {float(rate):>6,.0f} creates/s ({float(took):.0f} s)")


def post_documents(base, key, create_path, post_path, data, seconds, threads):
    client = Client(base, key)
    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    pairs, failures = [], [0]

    def worker(_):
        while time.monotonic() < deadline:
            started = time.monotonic()
            status, answer = client.request("POST", create_path, data)
            if status == 201:
                status, answer = client.request("POST", f"{post_path}/{record_of(answer)['id']}", "{}")
            with lock:
                if status in (200, 201):
                    pairs.append(time.monotonic() - started)
                else:
                    failures[0] += 1

    began = time.monotonic()
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(worker, range(threads)))
    took = time.monotonic() - began
    pairs.sort()
    p99 = pairs[min(len(pairs) - 1, int(len(pairs) * 0.99))] * 1000 if pairs else 0
    print(f"{len(pairs) / took:.0f} {p99:.1f} {failures[0]} {len(pairs)}")


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "seed" and len(argv) in (6, 7):
        seed(argv[2], argv[3], argv[4], int(argv[5]), int(argv[6]) if len(argv) == 7 else 16)
    elif cmd == "check" and len(argv) == 5:
        total, exact = check(argv[2], argv[3], argv[4])
        print(f"{total}{'' if exact else '+'}")
    elif cmd == "settle" and len(argv) == 3:
        settle(argv[2])
    elif cmd == "wrk" and len(argv) == 3:
        wrk(argv[2])
    elif cmd == "post-documents" and len(argv) in (8, 9):
        post_documents(*argv[2:7], float(argv[7]), int(argv[8]) if len(argv) == 9 else 4)
    elif cmd == "table" and len(argv) == 4:
        table(argv[2], argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
