"""Schemathesis checks of scripts/fuzz: every answer of the API is the spec's envelope.

Loaded with SCHEMATHESIS_HOOKS; `not_a_server_error` (schemathesis's own) covers the 5xx.
"""

import json

import schemathesis


@schemathesis.check
def in_the_envelope(ctx, response, case):
    """The body is JSON `{status, success, message, data, errors?}` with the documented types."""
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError(f"HTTP {response.status_code}: the body is not JSON")
    if not isinstance(body, dict):
        raise AssertionError(f"HTTP {response.status_code}: the body is not an object")
    missing = [k for k in ("status", "success", "message", "data") if k not in body]
    if missing:
        raise AssertionError(f"HTTP {response.status_code}: the envelope lacks {', '.join(missing)}")
    ok = 200 <= response.status_code < 300
    if body["success"] is not ok or not isinstance(body["status"], int) or not isinstance(body["message"], str):
        raise AssertionError(f"HTTP {response.status_code}: status, success or message is wrong: {body}")
    errors = body.get("errors")
    if errors is not None and not (
        isinstance(errors, dict) and all(isinstance(v, list) and all(isinstance(m, str) for m in v) for v in errors.values())
    ):
        raise AssertionError(f"HTTP {response.status_code}: errors is not a map of field to messages: {errors}")
