"""Stripe Checkout for localstripe, which has none, and the subscription details it lacks.

Workspace billing subscribes through Stripe Checkout, so the emulator serves the subset of the
Checkout Sessions API Worktop uses, in Stripe's shapes (`checkout.session`), built from
localstripe's own classes so customers, subscriptions, invoices and their webhooks are made as
usual:

- `POST /v1/checkout/sessions` (mode `subscription`, one line item whose price is a plan),
  honouring `Idempotency-Key`; `GET /v1/checkout/sessions/{id}`;
- the hosted page `GET|POST /checkout/pay/{id}` (public, like Stripe's): paying makes the card,
  customer and subscription, completes the session, sends `checkout.session.completed` and
  answers 303 to `success_url`;
- subscriptions: an update sends `customer.subscription.updated` (localstripe sends nothing) and
  `cancel_at_period_end` sets `cancel_at` and `canceled_at`; a cancel sets `canceled_at`;
- invoices carry `number` and `hosted_invoice_url` (null while a draft), served by
  `GET /invoice/{id}`.
"""

import contextvars
import hashlib
import html
import inspect
import json
import re
import time

from aiohttp import web
from localstripe import server
from localstripe.errors import UserError
from localstripe.resources import (
    Customer,
    Event,
    Invoice,
    PaymentMethod,
    Plan,
    StripeObject,
    Subscription,
    random_id,
    store,
    try_convert_to_int,
)
from localstripe.webhooks import schedule_webhook

# The scheme and host the current request came to: the hosted pages' URLs are absolute.
_base_url = contextvars.ContextVar("base_url", default=None)

# Idempotency-Key -> (the parameters, the first answer): Stripe keeps them 24 hours, this the
# emulator's lifetime.
_idempotent = {}

# Currencies Stripe counts in whole units.
_ZERO_DECIMAL = set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split())


def _refuse(message, status=400, **contents):
    """A Stripe-shaped error: {"error": {"type": "invalid_request_error", "message", ...}}."""
    return UserError(status, message, contents)


class CheckoutSession(StripeObject):
    object = "checkout.session"
    _id_prefix = "cs_test_"

    _PARAMS = (
        "mode",
        "line_items",
        "customer",
        "customer_email",
        "client_reference_id",
        "success_url",
        "cancel_url",
        "metadata",
        "subscription_data",
        "payment_method_types",
    )

    def __init__(self, base_url, **data):
        for name in data:
            if name not in self._PARAMS:
                raise _refuse(
                    f"Received unknown parameter: {name} (this emulator's Checkout "
                    f"takes {', '.join(self._PARAMS)})",
                    code="parameter_unknown",
                    param=name,
                )
        mode = data.get("mode")
        if mode is None:
            raise _refuse("Missing required param: mode.", code="parameter_missing", param="mode")
        if mode != "subscription":
            raise _refuse(
                f"This emulator's Checkout has only mode=subscription, not {mode!r}.", param="mode"
            )
        success_url = data.get("success_url")
        if not success_url:
            raise _refuse(
                "Missing required param: success_url.",
                code="parameter_missing",
                param="success_url",
            )
        for name in ("success_url", "cancel_url"):
            url = data.get(name)
            if url is not None and not (type(url) is str and re.match(r"https?://", url)):
                raise _refuse("Not a valid URL", code="url_invalid", param=name)
        plan, quantity = _line_item(data.get("line_items"))
        customer, email = data.get("customer"), data.get("customer_email")
        if customer is not None and email is not None:
            raise _refuse(
                "You may only specify one of these parameters: customer, customer_email.",
                param="customer",
            )
        if customer is not None and store.get("customer:" + str(customer)) is None:
            raise _refuse(
                f"No such customer: '{customer}'", code="resource_missing", param="customer"
            )
        for name in ("customer_email", "client_reference_id"):
            if data.get(name) is not None and type(data[name]) is not str:
                raise _refuse(f"Invalid string: {data[name]!r}", param=name)
        metadata = _metadata(data.get("metadata"), "metadata")
        subscription_data = data.get("subscription_data") or {}
        if type(subscription_data) is not dict or set(subscription_data) - {"metadata"}:
            raise _refuse(
                "This emulator's Checkout takes only subscription_data[metadata].",
                code="parameter_unknown",
                param="subscription_data",
            )
        if data.get("payment_method_types") not in (None, ["card"]):
            raise _refuse(
                "This emulator's Checkout takes only card payments.", param="payment_method_types"
            )

        # All exceptions must be raised before this point (the constructor stores the object).
        super().__init__(id=self._id_prefix + random_id(58))

        self._plan = plan.id
        self._quantity = quantity
        self._subscription_metadata = _metadata(
            subscription_data.get("metadata"), "subscription_data[metadata]"
        )
        self.mode = mode
        self.url = f"{base_url}/checkout/pay/{self.id}"
        self.status = "open"
        self.payment_status = "unpaid"
        self.customer = customer
        self.customer_email = email
        self.customer_details = None
        self.client_reference_id = data.get("client_reference_id")
        self.subscription = None
        self.invoice = None
        self.payment_intent = None
        self.setup_intent = None
        self.success_url = success_url
        self.cancel_url = data.get("cancel_url")
        self.metadata = metadata
        self.currency = plan.currency
        self.amount_subtotal = plan.amount * quantity
        self.amount_total = plan.amount * quantity
        self.payment_method_types = ["card"]
        self.ui_mode = "hosted"
        self.locale = None
        self.expires_at = self.created + 24 * 3600


def _line_item(line_items):
    """The plan and quantity of the one line item (localstripe subscriptions take one)."""
    if not line_items:
        raise _refuse(
            "Missing required param: line_items.", code="parameter_missing", param="line_items"
        )
    if type(line_items) is not list or len(line_items) != 1 or type(line_items[0]) is not dict:
        raise _refuse("This emulator's Checkout takes exactly one line item.", param="line_items")
    item = line_items[0]
    for name in item:
        if name not in ("price", "quantity"):
            raise _refuse(
                f"Received unknown parameter: line_items[0][{name}]",
                code="parameter_unknown",
                param=f"line_items[0][{name}]",
            )
    price = item.get("price")
    plan = store.get("plan:" + price) if type(price) is str else None
    if plan is None:
        raise _refuse(
            f"No such price: '{price}'", code="resource_missing", param="line_items[0][price]"
        )
    quantity = try_convert_to_int(item.get("quantity", 1))
    if type(quantity) is not int or quantity < 1:
        raise _refuse(f"Invalid integer: {item.get('quantity')}", param="line_items[0][quantity]")
    return plan, quantity


def _metadata(metadata, param):
    if metadata is None:
        return {}
    if type(metadata) is not dict or not all(type(v) is str for v in metadata.values()):
        raise _refuse("Invalid metadata: keys and values are strings.", param=param)
    return dict(metadata)


def _session(id):
    session = store.get("checkout.session:" + id)
    if session is None:
        raise _refuse(
            f"No such checkout.session: '{id}'", status=404, code="resource_missing", param="id"
        )
    return session


async def create_session(request):
    data = await server.get_post_data(request) or {}
    key = request.headers.get("Idempotency-Key")
    asked = json.dumps(data, sort_keys=True)
    if key is not None and key in _idempotent:
        first_asked, first_answer = _idempotent[key]
        if first_asked != asked:
            # Stripe's own type for this, which UserError would overwrite.
            return server.json_response(
                {
                    "error": {
                        "type": "idempotency_error",
                        "message": "Keys for idempotent requests can only be used with the same "
                        "parameters they were first used with. Try using a key other than "
                        f"'{key}' if you meant to execute a different request.",
                    }
                },
                status=400,
            )
        return server.json_response(first_answer, headers={"Idempotent-Replayed": "true"})
    expand = data.pop("expand", None)
    answer = CheckoutSession(_base_url.get(), **data)._export(expand=expand)
    if key is not None:
        _idempotent[key] = (asked, answer)
    return server.json_response(answer)


async def retrieve_session(request):
    expand = server.unflatten_data(request.query).get("expand")
    return server.json_response(_session(request.match_info["id"])._export(expand=expand))


# ------------------------------------------------------------------------------ the hosted page


def _money(amount, currency):
    if currency.lower() in _ZERO_DECIMAL:
        return f"{amount} {currency.upper()}"
    return f"{amount / 100:.2f} {currency.upper()}"


def _html(title, body, status=200):
    return web.Response(
        status=status,
        content_type="text/html",
        text=f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }}
label {{ display: block; margin-top: 1rem; }}
input {{ display: block; width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }}
button {{ margin-top: 1.5rem; padding: .6rem 1.2rem; font-size: 1rem; }}
[role=alert] {{ color: #a00; }}
</style>
</head>
<body>
<main>
{body}
</main>
</body>
</html>
""",
    )


def _pay_page(session, error=None, values=None, status=200):
    values = values or {"cardnumber": "4242 4242 4242 4242", "exp": "12/30", "cvc": "123"}
    plan = Plan._api_retrieve(session._plan)
    e = html.escape
    every = (
        f"per {plan.interval}"
        if plan.interval_count == 1
        else f"every {plan.interval_count} {plan.interval}s"
    )
    quantity = f" × {session._quantity}" if session._quantity > 1 else ""
    parts = [
        f"<h1>Subscribe to {e(plan.name)}</h1>",
        f'<p id="price">{e(_money(plan.amount, plan.currency))} {every}{quantity}</p>',
    ]
    if error:
        parts.append(f'<p role="alert" id="error">{e(error)}</p>')
    parts.append('<form method="post">')
    email = session.customer_email or (
        session.customer and Customer._api_retrieve(session.customer).email
    )
    if email:
        parts.append(f'<p id="email">Paying as {e(email)}</p>')
    elif not session.customer:
        # Stripe asks for the address when it has to make the customer and was given none.
        parts.append(
            '<label for="email">Email</label>'
            f'<input id="email" name="email" type="email" autocomplete="email" '
            f'required value="{e(values.get("email", ""))}">'
        )
    parts.append(
        '<label for="cardnumber">Card number</label>'
        '<input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" '
        f'required value="{e(values.get("cardnumber", ""))}">'
        '<label for="exp">Expiry (MM/YY)</label>'
        '<input id="exp" name="exp" autocomplete="cc-exp" '
        f'required value="{e(values.get("exp", ""))}">'
        '<label for="cvc">CVC</label>'
        '<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" '
        f'required value="{e(values.get("cvc", ""))}">'
        '<button type="submit" id="submit">Subscribe</button>'
        "</form>"
    )
    if session.cancel_url:
        parts.append(f'<p><a id="cancel" href="{e(session.cancel_url)}">Back</a></p>')
    return _html(f"Subscribe to {plan.name}", "\n".join(parts), status)


def _not_found():
    return _html("Not found", "<h1>This checkout page does not exist</h1>", 404)


def _to_success(session):
    raise web.HTTPSeeOther(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id))


async def show_pay_page(request):
    session = store.get("checkout.session:" + request.match_info["id"])
    if session is None:
        return _not_found()
    if session.status == "complete":
        _to_success(session)
    return _pay_page(session)


async def pay(request):
    session = store.get("checkout.session:" + request.match_info["id"])
    if session is None:
        return _not_found()
    if session.status == "complete":
        # A second submit (back button, double click) subscribes nobody twice.
        _to_success(session)
    form = await request.post()
    values = {k: form.get(k, "") for k in ("email", "cardnumber", "exp", "cvc")}
    exp = re.fullmatch(r"\s*(\d{1,2})\s*/\s*(\d{2}|\d{4})\s*", values["exp"])
    if not exp:
        return _pay_page(session, "Your card's expiry date is incomplete (MM/YY).", values, 400)
    email = session.customer_email or values["email"].strip() or None
    if session.customer is None and email is None:
        return _pay_page(session, "Enter your email address.", values, 400)
    try:
        pm = PaymentMethod._api_create(
            type="card",
            card={
                "number": re.sub(r"[\s-]", "", values["cardnumber"]),
                "exp_month": exp.group(1),
                "exp_year": exp.group(2),
                "cvc": values["cvc"].strip(),
            },
        )
    except UserError:
        return _pay_page(session, "Your card details are incomplete or invalid.", values, 400)
    # Refuse what would fail before anything is made: Stripe makes no subscription for a
    # declined card, and this page does not run 3D Secure.
    if pm._attaching_is_declined() or pm._charging_is_declined():
        return _pay_page(session, "Your card was declined.", values, 402)
    if pm._requires_authentication():
        return _pay_page(
            session,
            "This card needs 3D Secure, which this emulator's Checkout "
            "does not run; use 4242 4242 4242 4242.",
            values,
            402,
        )

    if session.customer is None:
        customer = Customer._api_create(
            email=email, payment_method=pm.id, invoice_settings={"default_payment_method": pm.id}
        )
    else:
        customer = Customer._api_retrieve(session.customer)
        PaymentMethod._api_attach(pm.id, customer=customer.id)
        # Stripe makes the card the subscription's default; localstripe bills the customer's.
        customer.invoice_settings["default_payment_method"] = pm.id
    subscription = Subscription._api_create(
        customer=customer.id,
        items=[{"plan": session._plan, "quantity": session._quantity}],
        metadata=dict(session._subscription_metadata),
    )

    session.status = "complete"
    session.payment_status = "paid"
    session.url = None  # Stripe's url is null once the session is no longer open
    session.customer = customer.id
    session.subscription = subscription.id
    session.invoice = subscription.latest_invoice
    session.customer_details = {
        "email": customer.email,
        "name": None,
        "phone": None,
        "address": None,
        "tax_exempt": "none",
        "tax_ids": [],
    }
    schedule_webhook(Event("checkout.session.completed", session))
    _to_success(session)


# ------------------------------------------------------------------------------ subscriptions


def _update_subscription(cls, id, **data):
    """localstripe's update, plus Stripe's cancel fields and `customer.subscription.updated`."""
    sub = cls._api_retrieve(id)
    if sub.status == "canceled" and set(data) - {"metadata"}:
        raise _refuse(
            "A canceled subscription can only update its cancellation_details and metadata."
        )
    # localstripe's _update names what it takes; anything else would be a 500 (a retry).
    unknown = [name for name in data if name not in inspect.signature(sub._update).parameters]
    if unknown:
        raise _refuse(
            f"Received unknown parameter: {unknown[0]}", code="parameter_unknown", param=unknown[0]
        )
    before = sub._export()
    sub._update(**data)
    if (
        "cancel_at_period_end" in data
        and sub.cancel_at_period_end != before["cancel_at_period_end"]
    ):
        # Stripe records when the cancel was asked for and when it will happen.
        sub.canceled_at = int(time.time()) if sub.cancel_at_period_end else None
        sub.cancel_at = sub.current_period_end if sub.cancel_at_period_end else None
    after = sub._export()
    previous = {k: before.get(k) for k in after if after[k] != before.get(k)}
    if previous:
        event = Event("customer.subscription.updated", sub)
        event.data["previous_attributes"] = previous
        schedule_webhook(event)
    return sub


def _cancel_subscription(cls, id):
    """localstripe's cancel, with Stripe's `canceled_at`."""
    sub = cls._api_retrieve(id)
    sub.ended_at = sub.canceled_at = int(time.time())
    sub.status = "canceled"
    schedule_webhook(Event("customer.subscription.deleted", sub))
    return sub


# ------------------------------------------------------------------------------ invoices

_invoice_counts = {}  # customer -> invoices numbered


def _invoice_number(invoice):
    """Stripe numbers an invoice when it is finalized: the customer's prefix and a sequence."""
    if invoice._draft or invoice.id is None:
        return None
    if getattr(invoice, "_number", None) is None:
        count = _invoice_counts[invoice.customer] = _invoice_counts.get(invoice.customer, 0) + 1
        prefix = hashlib.sha1(invoice.customer.encode()).hexdigest()[:8].upper()
        invoice._number = f"{prefix}-{count:04d}"
    return invoice._number


def _hosted_invoice_url(invoice):
    if invoice._draft or invoice.id is None or _base_url.get() is None:
        return None
    return f"{_base_url.get()}/invoice/{invoice.id}"


async def show_invoice(request):
    invoice = store.get("invoice:" + request.match_info["id"])
    if invoice is None or invoice._draft:
        return _html("Not found", "<h1>This invoice does not exist</h1>", 404)
    e = html.escape
    return _html(
        f"Invoice {invoice.number}",
        f"""<h1>Invoice {e(invoice.number)}</h1>
<dl>
<dt>Status</dt><dd id="status">{e(invoice.status)}</dd>
<dt>Amount due</dt><dd id="amount-due">{e(_money(invoice.amount_due, invoice.currency))}</dd>
<dt>Amount paid</dt><dd id="amount-paid">{e(_money(invoice.amount_paid, invoice.currency))}</dd>
</dl>""",
    )


# ------------------------------------------------------------------------------ wiring

_PUBLIC = ("/checkout/pay/", "/invoice/")


@web.middleware
async def _public_pages_or_auth(request, handler):
    """localstripe's auth, except for the hosted pages, which are public as Stripe's are."""
    _base_url.set(f"{request.scheme}://{request.host}")
    if request.path.startswith(_PUBLIC):
        return await handler(request)
    return await server.auth_middleware(request, handler)


def install(app):
    """Adds the above to localstripe's app (before it starts: its middlewares freeze then)."""
    app.middlewares[app.middlewares.index(server.auth_middleware)] = _public_pages_or_auth
    app.router.add_post("/v1/checkout/sessions", create_session)
    app.router.add_get("/v1/checkout/sessions/{id}", retrieve_session)
    app.router.add_get("/checkout/pay/{id}", show_pay_page)
    app.router.add_post("/checkout/pay/{id}", pay)
    app.router.add_get("/invoice/{id}", show_invoice)
    Subscription._api_update = classmethod(_update_subscription)
    Subscription._api_delete = classmethod(_cancel_subscription)
    Invoice.number = property(_invoice_number)
    Invoice.hosted_invoice_url = property(_hosted_invoice_url)
