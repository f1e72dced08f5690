"""Documents of real size (infra/bench.sh, part `documents`): on a fresh local server, 500 stocked
products are received by one 500-line purchase invoice; then POS sales of 10, 100 and 200 lines
(each line a different product) and sales invoices of 1,000 lines (500 products, two lines each)
are made one after another, and each row prints its latency (median and worst of its runs) and
documents per second.

usage: bench_documents.py BASE_URL API_KEY [RUNS]
"""

import json
import statistics
import sys
import time
import urllib.request

base, key = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
auth = {"Authorization": f"Bearer {key}", "Accept": "application/json", "Content-Type": "application/json"}


def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=auth)
    with urllib.request.urlopen(request, timeout=300) as answer:
        return json.load(answer)


def created(path, body):
    return call("POST", path, body)["id"]


warehouse = created("/api/warehouse/create", {"name": "Depot"})
products = []
for start in range(0, 500, 100):
    items = [{"name": f"Part {i}", "sku": f"PART-{i}", "sale_price": 10, "purchase_price": 4} for i in range(start, start + 100)]
    answer = call("POST", "/api/product/batch/create", {"items": items})
    products += [result["data"]["id"] for result in answer["results"]]
vendor = created("/api/vendors/create", {"name": "Supplier"})
lines = [{"product_id": p, "quantity": 1_000_000, "unit_price": 4} for p in products]
began = time.perf_counter()
purchase = created("/api/purchase-invoice/create", {"vendor_id": vendor, "warehouse_id": warehouse, "items": lines})
call("POST", f"/api/purchase-invoice/post/{purchase}", {})
print(f"{'500-line purchase invoice, created and posted':<52} {1000 * (time.perf_counter() - began):8.0f} ms")
customer = created("/api/customers/create", {"name": "Wholesale Ltd"})


def row(name, make, count):
    latencies = []
    began = time.perf_counter()
    for _ in range(count):
        started = time.perf_counter()
        make()
        latencies.append(1000 * (time.perf_counter() - started))
    rate = count / (time.perf_counter() - began)
    print(f"{name:<52} median {statistics.median(latencies):7.0f} ms   worst {max(latencies):7.0f} ms   {rate:7.1f} documents/s")


for size in (10, 100, 200):
    basket = [{"product_id": p, "quantity": 1} for p in products[:size]]
    row(f"POS sale of {size} lines", lambda: call("POST", "/api/pos/create", {"warehouse_id": warehouse, "items": basket}), runs)


def invoice():
    lines = [{"product_id": p, "quantity": 1} for p in products + products]
    draft = created("/api/sales-invoice/create", {"customer_id": customer, "warehouse_id": warehouse, "items": lines})
    call("POST", f"/api/sales-invoice/post/{draft}", {})


row("sales invoice of 1,000 lines, created and posted", invoice, max(runs // 4, 3))
