"""The whole OAuth 2.0 dance against a running local server, with a stock client library (authlib,
pinned in infra/requirements.txt), so the server is checked against someone else's reading of the
RFCs, not only our own tests. Called by infra/test.sh; runs on its own too:

    python infra/oauth_flow.py BASE_URL OWNER_EMAIL OWNER_PASSWORD

Steps: read the RFC 8414 metadata; log in as the owner; register a confidential client; build the
authorization request with authlib (PKCE S256); a browser follows it (headless Chromium through
infra/dashboard_check.mjs with DASH_ONLY=consent: GET /api/oauth/authorize, the log-in page, the
dashboard's consent page, Allow) back to the redirect URI; exchange the code with authlib's
fetch_token (HTTP Basic client authentication); call the API with the token (and see the OAuth
rate limit); refresh with authlib (both tokens rotate); revoke the new access token with authlib's
revoke_token (then 401); present the first refresh token again (invalid_grant, and reuse detection
revokes the grant: the newest refresh token fails too). Then the request a platform's connector
sends, without PKCE (a confidential client): GET /api/oauth/authorize sends it to the consent page,
the consent is given through the API, and authlib exchanges the code without a verifier. Exits 1 on
the first mismatch.

Needs node with infra/node_modules (playwright-core, axe-core) and Chromium (CHROMIUM, default
/usr/bin/chromium), as infra/test.sh installs them; SCREENSHOT_DIR, when set, gets consent.png.
"""

import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

# The local server speaks http on 127.0.0.1; authlib refuses plain http unless told it is a test.
os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")

import requests  # noqa: E402
from authlib.common.security import generate_token  # noqa: E402
from authlib.integrations.requests_client import OAuth2Session  # noqa: E402

REDIRECT_URI = "https://app.example.com/oauth/callback"
# The old colon spelling of one scope: an alias the server still reads (docs/oauth.md).
SCOPE = "crm.read account:read"
GRANTED = "crm.read account.read"


def check(condition, message):
    if not condition:
        print(f"oauth_flow.py: FAILED: {message}", file=sys.stderr)
        sys.exit(1)


def expect(response, status, what):
    check(
        response.status_code == status,
        f"{what}: expected {status}, got {response.status_code}: {response.text[:500]}",
    )
    return response


def refused_with(session, url, refresh_token, error):
    """Whether refreshing with `refresh_token` fails with the RFC 6749 `error`."""
    try:
        session.refresh_token(url, refresh_token=refresh_token)
    except Exception as e:  # authlib raises its OAuthError, carrying `error`
        return getattr(e, "error", None) == error
    return False


def consent_in_browser(base, email, password, authorize_url, app_name):
    """Where the consent page sends a browser that follows `authorize_url` and allows."""
    check_script = Path(__file__).with_name("dashboard_check.mjs")
    args = ["node", str(check_script), base]
    if os.environ.get("SCREENSHOT_DIR"):
        args.append(os.environ["SCREENSHOT_DIR"])
    env = {
        **os.environ,
        "DASH_ONLY": "consent",
        "ADMIN_EMAIL": email,
        "ADMIN_PASSWORD": password,
        "AUTHORIZE_URL": authorize_url,
        "REDIRECT_URI": REDIRECT_URI,
        "CONSENT_APP_NAME": app_name,
    }
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300, check=False)
    sys.stderr.write(done.stderr)
    check(done.returncode == 0, f"the browser's consent failed:\n{done.stdout}")
    landed = re.search(r"^redirected to (\S+)$", done.stdout, re.MULTILINE)
    check(landed is not None, f"the browser did not come back to {REDIRECT_URI}:\n{done.stdout}")
    return landed.group(1)


def main(base, email, password):
    http = requests.Session()
    http.headers["Accept"] = "application/json"

    meta = expect(http.get(f"{base}/.well-known/oauth-authorization-server"), 200, "metadata").json()
    check(meta["issuer"] == base, f"issuer {meta['issuer']!r} is not {base!r}")
    check(meta["code_challenge_methods_supported"] == ["S256"], "S256 only")
    check("crm.read" in meta["scopes_supported"], "crm.read among the scopes")

    login = expect(http.post(f"{base}/api/login", json={"email": email, "password": password}), 200, "login")
    session_token = login.json()["token"]
    owner = {"Authorization": f"Bearer {session_token}"}

    created = expect(
        http.post(
            f"{base}/api/oauth/clients",
            headers=owner,
            json={"name": "authlib check", "redirect_uris": [REDIRECT_URI], "scopes": SCOPE.split()},
        ),
        201,
        "client registration",
    ).json()
    client_id, client_secret = created["client_id"], created["client_secret"]

    client = OAuth2Session(
        client_id,
        client_secret,
        scope=SCOPE,
        redirect_uri=REDIRECT_URI,
        code_challenge_method="S256",
        token_endpoint_auth_method="client_secret_basic",
    )
    verifier = generate_token(64)
    url, state = client.create_authorization_url(meta["authorization_endpoint"], code_verifier=verifier)
    request = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    check(request.get("code_challenge_method") == "S256", f"authlib sent PKCE S256: {request}")

    redirect_to = consent_in_browser(base, email, password, url, "authlib check")
    back = parse_qs(urlparse(redirect_to).query)
    check(back.get("state") == [state], f"state returned unchanged: {redirect_to}")

    token = client.fetch_token(
        meta["token_endpoint"], authorization_response=redirect_to, code_verifier=verifier, state=state
    )
    check(token.get("token_type") == "Bearer" and token.get("refresh_token"), f"token answer: {token}")
    check(token.get("scope") == GRANTED, f"the granted scopes in their dotted spelling: {token.get('scope')}")
    first_access, first_refresh = token["access_token"], token["refresh_token"]

    me = expect(client.get(f"{base}/api/user"), 200, "GET /api/user with the access token")
    check(me.json().get("email") == email, "the token acts as the owner")
    check(me.headers.get("X-RateLimit-Limit") == "1000", f"OAuth limit: {me.headers.get('X-RateLimit-Limit')}")
    expect(client.get(f"{base}/api/leads"), 200, "a crm.read route")
    expect(client.post(f"{base}/api/lead/create", json={"name": "x"}), 403, "a crm write with crm.read")

    refreshed = client.refresh_token(meta["token_endpoint"])
    check(refreshed["refresh_token"] != first_refresh, "the refresh token rotates")
    check(refreshed["access_token"] != first_access, "the access token rotates")
    expect(
        http.get(f"{base}/api/user", headers={"Authorization": f"Bearer {first_access}"}),
        401,
        "the replaced access token",
    )
    expect(client.get(f"{base}/api/user"), 200, "the new access token")

    revoked = client.revoke_token(
        meta["revocation_endpoint"], token=refreshed["access_token"], token_type_hint="access_token"
    )
    expect(revoked, 200, "revocation")
    expect(client.get(f"{base}/api/user"), 401, "the revoked access token")

    # Reuse detection: the first refresh token again is refused and takes the grant with it.
    check(refused_with(client, meta["token_endpoint"], first_refresh, "invalid_grant"), "a used refresh token")
    check(
        refused_with(client, meta["token_endpoint"], refreshed["refresh_token"], "invalid_grant"),
        "the newest refresh token after reuse was detected",
    )
    # A platform's connector: a confidential client, no PKCE.
    platform = OAuth2Session(
        client_id, client_secret, scope=SCOPE, redirect_uri=REDIRECT_URI,
        token_endpoint_auth_method="client_secret_post",
    )
    url, state = platform.create_authorization_url(meta["authorization_endpoint"])
    request = {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}
    check("code_challenge" not in request, f"no PKCE: {request}")
    sent = expect(http.get(url, allow_redirects=False), 302, "GET the authorization endpoint")
    check(
        sent.headers["Location"] == "/#/oauth/authorize?" + urlparse(url).query,
        f"sent to the consent page: {sent.headers['Location']}",
    )
    consent = expect(http.post(f"{base}/api/oauth/authorize", headers=owner, json=request), 200, "consent").json()
    platform.fetch_token(meta["token_endpoint"], authorization_response=consent["redirect_to"], state=state)
    expect(platform.get(f"{base}/api/leads"), 200, "a crm.read route with the connector's token")
    print(
        "oauth_flow.py: a browser's consent, code + PKCE, API call, refresh rotation, revocation, reuse "
        "detection, and a connector's code without PKCE all ok"
    )


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3])
