"""Interop driver for Python zeep.

Usage: /usr/bin/python3 tests/interop/zeep_client.py WSDL_URL [ENDPOINT_URL] < calls.json

stdin:  a JSON array of calls, [{"op": "login", "args": ["alice", "alice-pass"]}, ...]
stdout: one JSON array, one entry per call:
        {"ok": true, "value": ...} or {"ok": false, "faultcode": "...", "faultstring": "..."}

An argument "$ref:N.field" stands for field `field` of the value returned by call N (0-based).
Exit code 0 even when calls fault; non-zero (reason on stderr) when the driver cannot run.

zeep auto-imports the SOAP encoding schema (http://schemas.xmlsoap.org/soap/encoding/) for any
WSDL that refers to SOAP-ENC:Array; there is no network here, so the transport serves a local
minimal copy (soap-encoding.xsd, next to this file) for that URL.
"""

import base64
import datetime
import decimal
import json
import os
import re
import sys

from lxml import etree
import zeep
import zeep.exceptions
import zeep.helpers
import zeep.transports

SOAP_ENCODING_NS = "http://schemas.xmlsoap.org/soap/encoding/"
SOAP_ENCODING_XSD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "soap-encoding.xsd")
REF = re.compile(r"^\$ref:(\d+)\.(.+)$")


class OfflineTransport(zeep.transports.Transport):
    """Serves the SOAP encoding schema from a local file; everything else as usual."""

    def load(self, url):
        if url.rstrip("/") == SOAP_ENCODING_NS.rstrip("/"):
            with open(SOAP_ENCODING_XSD, "rb") as fh:
                return fh.read()
        return super().load(url)


def fail(reason):
    sys.stderr.write("zeep_client: %s\n" % reason)
    sys.exit(2)


def to_json(value):
    """What serialize_object returns, as JSON-faithful values (int stays int, list stays list)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, etree._Element):
        # Something zeep could not map to a type: show the raw XML rather than hide it.
        return {"$unparsed_xml": etree.tostring(value, encoding="unicode")}
    return str(value)


def resolve_arg(arg, values):
    if not isinstance(arg, str):
        return arg
    match = REF.match(arg)
    if not match:
        return arg
    index, field = int(match.group(1)), match.group(2)
    if index not in values:
        raise LookupError("%s: call %d has no value (not made yet, or it faulted)" % (arg, index))
    target = values[index]
    if isinstance(target, dict) and field in target:
        return target[field]
    raise LookupError("%s: the value of call %d has no field %s" % (arg, index, field))


def main():
    if len(sys.argv) not in (2, 3):
        fail("usage: /usr/bin/python3 zeep_client.py WSDL_URL [ENDPOINT_URL] < calls.json")
    wsdl = sys.argv[1]
    # ENDPOINT_URL: where to post, instead of the WSDL's soap:address (a name that may not resolve).
    endpoint = sys.argv[2] if len(sys.argv) == 3 else None

    try:
        calls = json.load(sys.stdin)
    except ValueError as exc:
        fail("stdin is not JSON: %s" % exc)
    if not isinstance(calls, list):
        fail("stdin is not a JSON array of calls")

    try:
        client = zeep.Client(wsdl, transport=OfflineTransport())
    except Exception as exc:  # noqa: BLE001 - any failure to load the WSDL ends the driver
        fail("cannot load the WSDL %s: %s: %s" % (wsdl, type(exc).__name__, exc))
    service = client.service
    if endpoint is not None:
        binding = next(iter(client.wsdl.bindings))
        service = client.create_service(binding, endpoint)

    results = []
    values = {}  # index -> JSON value of the calls that succeeded
    for i, call in enumerate(calls):
        if not isinstance(call, dict) or not isinstance(call.get("op"), str):
            fail("call %d has no op" % i)
        args = call.get("args", [])
        if not isinstance(args, list):
            fail("call %d: args is not an array" % i)
        try:
            args = [resolve_arg(a, values) for a in args]
        except LookupError as exc:
            fail("call %d: %s" % (i, exc))
        try:
            answer = service[call["op"]](*args)
        except zeep.exceptions.Fault as f:
            results.append(
                {
                    "ok": False,
                    "faultcode": "" if f.code is None else str(f.code),
                    "faultstring": "" if f.message is None else str(f.message),
                }
            )
            continue
        except Exception as exc:  # noqa: BLE001 - zeep could not make or read the call
            fail("call %d (%s): zeep raised %s: %s" % (i, call["op"], type(exc).__name__, exc))
        value = to_json(zeep.helpers.serialize_object(answer, target_cls=dict))
        values[i] = value
        results.append({"ok": True, "value": value})

    sys.stdout.write(json.dumps(results, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
