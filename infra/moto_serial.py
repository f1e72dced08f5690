"""moto's server, applying one request at a time.

Real DynamoDB applies each conditional write atomically. moto's threaded server does not: two
concurrent conditional updates can interleave between the check and the write. The rate-limit and
idempotency tests count exact outcomes under concurrency, so they need the atomicity the real
service has. Threads still accept connections (keep-alive works); a lock serialises the handling.

It also replaces moto's TransactWriteItems, which deep-copies every table a transaction names
(items and stream records alike) to roll back: a cost that grows with everything the table ever
held, per transaction. Here every condition is checked first against the state before the
transaction, as DynamoDB does, and only a transaction whose conditions all hold is applied; an
error while applying restores the items it had touched.

And a Query of the table reads the one partition it names. moto's collects and sorts every item of
the table on each Query (and on each call that asks whether the table is empty) before keeping the
partition's, so a query cost grew with everything the tests had written: a test that seeds a
sandbox spent most of its time there. The results are the same: the partition's items, in their
sort key order, through moto's own paging, conditions, filters and projections.

It honours TransactWriteItems' ClientRequestToken as DynamoDB does, which moto ignores: a repeat
of a committed transaction with the same token (within 10 minutes) answers success without
applying it again, and the same token with other parameters is refused
(IdempotentParameterMismatchException). The AWS SDK sends a token with every transaction and
keeps it across its retries, so a transaction whose answer was lost (a dropped connection, as
infra/fault_proxy.py injects) and which is retried is applied once.

Two costs per request are taken out of moto's server, measured with py-spy during the test run
(moto was half the machine's CPU then): it listed moto's package directory (and stat'ed each entry)
to recognise a host, 6.5% of its samples, so the list is read once; and the expiry of old
transaction tokens scanned every token of the last 10 minutes, 5.8%, so they are dropped from the
front of the (commit-ordered) dict instead.

Most of a DynamoDB call's time in moto went to its generic, model-driven response serializer
(moto/core/serialize.py): every attribute value of every item is a structure of ten members, each
looked up through a chain of alias providers. An attribute value is a dict with one type key, so
here it is written directly (`FastAttributeValueSerializer`); anything else, and any value that is
not such a dict, goes through moto's own code. WORKTOP_MOTO_VERIFY=1 runs moto's serializer beside
it on every answer and fails the call if the two differ.

Usage: python infra/moto_serial.py HOST PORT
"""

import copy
import hashlib
import io
import json
import os
import sys
import threading
import time

import moto.backends
import moto.core.serialize
from moto.dynamodb.comparisons import get_filter_expression
from moto.dynamodb.exceptions import (
    MultipleTransactionsException,
    TooManyTransactionsException,
    TransactionCanceledException,
    TransactWriteSingleOpException,
)
from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.models.table import Table
from moto.moto_server.werkzeug_app import (
    DomainDispatcherApplication,
    MotoRequestHandler,
    create_backend_app,
)
from werkzeug.serving import run_simple


def transact_write_items(self, transact_items):
    if len(transact_items) > 100:
        raise TooManyTransactionsException()
    seen = set()
    reasons = []
    planned = []
    # Every condition, against the state before the transaction.
    for entry in transact_items:
        if len(entry) > 1:
            raise TransactWriteSingleOpException
        op_type, op = next(iter(entry.items()))
        name = op["TableName"]
        table = self.get_table(name)
        if op_type == "Put":
            key = {table.hash_key_attr: op["Item"][table.hash_key_attr]}
            if table.range_key_attr is not None:
                key[table.range_key_attr] = op["Item"][table.range_key_attr]
        else:
            key = op["Key"]
        marker = (name, str(dict(sorted(key.items()))))
        if marker in seen:
            raise MultipleTransactionsException()
        seen.add(marker)
        condition = op.get("ConditionExpression")
        if condition is not None:
            check = get_filter_expression(
                condition, op.get("ExpressionAttributeNames"), op.get("ExpressionAttributeValues")
            )
            if not check.expr(self.get_item(name, key)):
                reasons.append(("ConditionalCheckFailed", "The conditional request failed", None))
                continue
        reasons.append((None, None, None))
        planned.append((op_type, op, name, key))
    if any(code is not None for code, _, _ in reasons):
        raise TransactionCanceledException(reasons)
    undo = []
    try:
        for op_type, op, name, key in planned:
            before = self.get_item(name, key)
            undo.append((name, key, copy.deepcopy(before.to_json()["Attributes"]) if before else None))
            if op_type == "Put":
                self.put_item(name, op["Item"])
            elif op_type == "Delete":
                self.delete_item(name, key)
            elif op_type == "Update":
                self.update_item(
                    name,
                    key,
                    update_expression=op["UpdateExpression"],
                    expression_attribute_names=op.get("ExpressionAttributeNames"),
                    expression_attribute_values=op.get("ExpressionAttributeValues"),
                )
    except Exception:
        for name, key, before in reversed(undo):
            if before is None:
                self.delete_item(name, key)
            else:
                self.put_item(name, before)
        raise


moto_query = Table.query


def partition_query(self, hash_key, *args, **kwargs):
    """moto's Query, over the one partition a query of the table (not an index) names."""
    index_name = kwargs.get("index_name", args[6] if len(args) > 6 else None)
    if index_name is not None or hash_key is None or not self.range_key_attr:
        return moto_query(self, hash_key, *args, **kwargs)
    partition = list(self.items.get(hash_key, {}).values())
    # Requests are applied one at a time (below), so shadowing the method for this call is safe.
    self.all_items = lambda: partition
    try:
        return moto_query(self, hash_key, *args, **kwargs)
    finally:
        del self.all_items


# The shape of one DynamoDB attribute value: a structure whose members are the type keys (S, N, M, ...).
ATTRIBUTE_VALUE = "AttributeValue"


def _is_attribute_value(shape, value) -> bool:
    """A non-empty dict whose keys are all AttributeValue members: moto's member-by-member lookup
    finds exactly these keys and nothing else (no alias of another member is present)."""
    if shape.name != ATTRIBUTE_VALUE or not isinstance(value, dict) or not value:
        return False
    members = shape.members
    return all(key in members for key in value)


class FastAttributeValueSerializer(moto.core.serialize.JSONSerializer):
    """moto's JSON serializer, writing attribute values as they are instead of member by member."""

    def _serialize_type_structure(self, serialized, value, shape, key):
        if key and _is_attribute_value(shape, value):
            serialized[self.get_serialized_name(shape, key)] = self._attribute_value(shape, value)
            return
        super()._serialize_type_structure(serialized, value, shape, key)

    def _attribute_value(self, shape, value):
        out = {}
        for member, member_shape in shape.members.items():
            raw = value.get(member)
            if raw is None:
                continue
            out[member] = self._plain(member_shape, raw)
        return out

    def _plain(self, shape, raw):
        """`raw` as moto's serializer writes a value of `shape`, for the shapes an attribute value holds."""
        kind = shape.type_name
        if kind == "string":
            return str(raw) if raw not in ([], {}) else raw
        if kind == "blob":
            return self._base64(raw)
        if kind == "boolean":
            return raw
        if kind == "list":
            return [self._plain(shape.member, item) if item is not None else None for item in raw]
        if kind == "map":
            return {name: self._plain(shape.value, item) for name, item in raw.items() if item is not None}
        if kind == "structure" and _is_attribute_value(shape, raw):
            return self._attribute_value(shape, raw)
        # Not an attribute value after all: moto's own way.
        holder = {}
        self._serialize(holder, raw, shape, "value")
        return holder.get("value")

    def serialize(self, result):
        fast = super().serialize(result)
        if VERIFY:
            slow = moto.core.serialize.JSONSerializer(
                operation_model=self.operation_model,
                pretty_print=self.pretty_print,
                value_picker=self._value_picker,
            ).serialize(result)
            if json.loads(fast["body"] or "null") != json.loads(slow["body"] or "null") or fast["status_code"] != slow["status_code"]:
                raise AssertionError(f"fast serializer differs for {self.operation_name}: {fast} != {slow}")
        return fast


VERIFY = os.environ.get("WORKTOP_MOTO_VERIFY") == "1"


def main() -> None:
    DynamoDBBackend.transact_write_items = transact_write_items
    moto.core.serialize.SERVICE_SPECIFIC_SERIALIZERS["dynamodb"] = {"json": FastAttributeValueSerializer}
    moto.core.serialize.SERVICE_SPECIFIC_SERIALIZERS["dynamodbstreams"] = {"json": FastAttributeValueSerializer}
    Table.query = partition_query
    # A table is there or not: moto's `if not table` checks counted its items (`__len__`).
    Table.__bool__ = lambda self: True
    # The same for the process's life: a host's backend was looked up by listing the directory.
    modules = frozenset(moto.backends.list_of_moto_modules())
    moto.backends.list_of_moto_modules = lambda: modules
    host, port = sys.argv[1], int(sys.argv[2])
    os.environ.setdefault("MOTO_PORT", str(port))
    app = DomainDispatcherApplication(create_backend_app)
    lock = threading.Lock()

    # ClientRequestToken -> (sha256 of the request, when committed), in commit order: a token is
    # only added when it is not there, so the oldest is always first.
    committed = {}

    def transaction_token(environ):
        """(token, body digest) of a TransactWriteItems request, reading and restoring its body."""
        if environ.get("HTTP_X_AMZ_TARGET") != "DynamoDB_20120810.TransactWriteItems":
            return None, None
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(body)
        request = json.loads(body or b"{}")
        token = request.pop("ClientRequestToken", None)
        digest = hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()
        return token, digest

    def answer(start_response, status, body):
        payload = json.dumps(body).encode()
        start_response(status, [("Content-Type", "application/x-amz-json-1.0"), ("Content-Length", str(len(payload)))])
        return [payload]

    def serial(environ, start_response):
        with lock:
            token, digest = transaction_token(environ)
            if token is not None:
                now = time.monotonic()
                while committed and now - committed[next(iter(committed))][1] > 600:
                    del committed[next(iter(committed))]
                if token in committed:
                    if committed[token][0] == digest:
                        return answer(start_response, "200 OK", {})
                    return answer(
                        start_response,
                        "400 Bad Request",
                        {
                            "__type": "com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException",
                            "message": "Request parameters differ from a previous request with the same client token.",
                        },
                    )
            status = []

            def recording(code, headers, exc_info=None):
                status.append(code)
                return start_response(code, headers, exc_info)

            result = list(app(environ, recording))
            if token is not None and status and status[0].startswith("200"):
                committed[token] = (digest, time.monotonic())
            return result

    run_simple(host, port, serial, threaded=True, request_handler=MotoRequestHandler)


if __name__ == "__main__":
    main()
