"""Runs WooCommerce's official Python client (PyPI `woocommerce`, `woocommerce.API`, pinned in
requirements.txt) against a sandbox store with its default settings: over plain HTTP it signs
every call with OAuth 1.0a as WooCommerce requires there (it sends no Basic credentials), and it
repeats the query parameters after the signature, which the store must read once. Does what
Dropline does: a tag and a category, a product taking them by id, a search by SKU, a price
update, an order, the orders since a time, a webhook whose delivery verifies with its secret,
the webhook deleted the way the client's documentation shows, and a wrong secret refused.
  python woocommerce_py.py <sandbox base url> <store>
Prints JSON {"checks": [names that passed]} or exits non-zero naming the first that failed.
"""
import base64
import hashlib
import hmac
import json
import sys
import threading
import urllib.request
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, HTTPServer

from woocommerce import API

base, store = sys.argv[1].rstrip("/"), sys.argv[2]
passed = []


def check(name, ok, detail=None):
    if not ok:
        sys.stderr.write(f"{name} failed: {json.dumps(detail, default=str)[:2000]}\n")
        print(json.dumps({"checks": passed, "failed": name}))
        sys.exit(1)
    passed.append(name)


def control(path, body):
    req = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), method="POST", headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


class Deliveries(BaseHTTPRequestHandler):
    """The webhook's delivery address: keeps every POST (the creation ping and the events)."""

    seen = []
    arrived = threading.Condition()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        with Deliveries.arrived:
            Deliveries.seen.append((self.headers, body))  # looked up case-blind
            Deliveries.arrived.notify_all()
        self.send_response(200)
        self.end_headers()

    def log_message(self, *_):
        pass


def delivery(topic, timeout=10):
    """The first delivery of `topic`, waited for."""
    def find():
        return next((d for d in Deliveries.seen if d[0].get("X-WC-Webhook-Topic") == topic), None)

    with Deliveries.arrived:
        Deliveries.arrived.wait_for(find, timeout)
        return find()


receiver = HTTPServer(("127.0.0.1", 0), Deliveries)
threading.Thread(target=receiver.serve_forever, daemon=True).start()

keys = control(f"/_sandbox/woo/{store}/keys", {})
wcapi = API(url=f"{base}/woo/{store}", consumer_key=keys["consumer_key"], consumer_secret=keys["consumer_secret"])

tag = wcapi.post("products/tags", {"name": "Summer"})
check("tag created", tag.status_code == 201 and isinstance(tag.json().get("id"), int), tag.text)
category = wcapi.post("products/categories", {"name": "Lamps"})
check("category created", category.status_code == 201 and isinstance(category.json().get("id"), int), category.text)

product = wcapi.post("products", {
    "name": "Reading Lamp",
    "type": "simple",
    "sku": "RL-PY-1",
    "regular_price": "19.99",
    "tags": [{"id": tag.json()["id"]}],
    "categories": [{"id": category.json()["id"]}],
})
p = product.json()
check("product created with its tag and category by id", product.status_code == 201
      and [t["name"] for t in p.get("tags", [])] == ["Summer"] and [c["name"] for c in p.get("categories", [])] == ["Lamps"], p)

found = wcapi.get("products", params={"sku": "RL-PY-1", "status": "any"})
check("found by SKU (signed, the query repeated)", found.status_code == 200 and [x["id"] for x in found.json()] == [p["id"]], found.text)
page = wcapi.get("products", params={"per_page": 100, "page": 1})
check("products listed with totals", page.status_code == 200 and page.headers.get("X-WP-Total") == str(len(page.json())), dict(page.headers))

updated = wcapi.put(f"products/{p['id']}", {"regular_price": "24.99"})
check("price updated", updated.status_code == 200 and updated.json().get("regular_price") == "24.99", updated.text)

hook = wcapi.post("webhooks", {"name": "Dropline orders", "topic": "order.created", "delivery_url": f"http://127.0.0.1:{receiver.server_port}/hook"})
h = hook.json()
check("webhook created", hook.status_code == 201 and h.get("status") == "active" and h.get("secret"), h)

since = (datetime.now(timezone.utc) - timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M:%S")
order = wcapi.post("orders", {"line_items": [{"product_id": p["id"], "quantity": 2}], "set_paid": True})
o = order.json()
check("order created", order.status_code == 201 and o.get("status") == "processing" and o["line_items"][0]["quantity"] == 2, o)

got = delivery("order.created")
signed = got and base64.b64encode(hmac.new(h["secret"].encode(), got[1], hashlib.sha256).digest()).decode()
check("order.created delivered, signed with the webhook's secret", got is not None and got[0].get("X-WC-Webhook-Signature") == signed, got and dict(got[0]))

recent = wcapi.get("orders", params={"after": since, "per_page": 100, "page": 1})
check("orders since a time", recent.status_code == 200 and o["id"] in [x["id"] for x in recent.json()], recent.text)
done = wcapi.put(f"orders/{o['id']}", {"status": "completed"})
check("order completed", done.status_code == 200 and done.json().get("status") == "completed", done.text)

deleted = wcapi.delete(f"webhooks/{h['id']}", params={"force": True})
check("webhook deleted with force=True", deleted.status_code == 200 and deleted.json().get("id") == h["id"], deleted.text)

wrong = API(url=f"{base}/woo/{store}", consumer_key=keys["consumer_key"], consumer_secret="cs_wrong").get("products")
check("a wrong secret is refused", wrong.status_code == 401 and wrong.json().get("code") == "woocommerce_rest_authentication_error", wrong.text)

receiver.shutdown()
print(json.dumps({"checks": passed}))
