<?php
/**
 * Interop driver for PHP's SoapClient.
 *
 * Usage: php tests/interop/php-client.php WSDL_URL [ENDPOINT_URL] < calls.json
 *
 * stdin:  a JSON array of calls, [{"op": "login", "args": ["alice", "alice-pass"]}, ...]
 * stdout: one JSON array, one entry per call:
 *         {"ok": true, "value": ...} or {"ok": false, "faultcode": "...", "faultstring": "..."}
 *
 * An argument "$ref:N.field" stands for field `field` of the value returned by call N (0-based).
 * Exit code 0 even when calls fault; non-zero (reason on stderr) when the driver cannot run.
 */

function fail(string $reason): void
{
    fwrite(STDERR, "php-client: $reason\n");
    exit(2);
}

/**
 * Converts a SoapClient return value into something json_encode prints faithfully: a stdClass
 * becomes an object (even without properties: {}), a PHP array a JSON list (even when empty: []).
 */
function toJson($value)
{
    if ($value instanceof stdClass) {
        $out = new stdClass();
        foreach (get_object_vars($value) as $k => $v) {
            $out->$k = toJson($v);
        }
        return $out;
    }
    if (is_array($value)) {
        if (array_is_list($value)) {
            return array_map('toJson', $value);
        }
        // An associative array (SOAP-ENC:Struct / Map): keep its keys.
        $out = new stdClass();
        foreach ($value as $k => $v) {
            $out->$k = toJson($v);
        }
        return $out;
    }
    if (is_object($value)) {
        // SoapVar or another class: its public properties.
        return toJson((object) get_object_vars($value));
    }
    return $value;
}

/** Resolves "$ref:N.field" against the results of the calls made so far. */
function resolveArg($arg, array $values)
{
    if (!is_string($arg) || !preg_match('/^\$ref:(\d+)\.(.+)$/', $arg, $m)) {
        return $arg;
    }
    $index = (int) $m[1];
    $field = $m[2];
    if (!array_key_exists($index, $values)) {
        throw new RuntimeException("$arg: call $index has no value (not made yet, or it faulted)");
    }
    $target = $values[$index];
    if (is_object($target) && property_exists($target, $field)) {
        return $target->$field;
    }
    if (is_array($target) && array_key_exists($field, $target)) {
        return $target[$field];
    }
    throw new RuntimeException("$arg: the value of call $index has no field $field");
}

if ($argc !== 2 && $argc !== 3) {
    fail('usage: php php-client.php WSDL_URL [ENDPOINT_URL] < calls.json');
}
$wsdl = $argv[1];
// ENDPOINT_URL: where to post, instead of the WSDL's soap:address (a name that may not resolve here).
$location = $argv[2] ?? null;

$input = stream_get_contents(STDIN);
$calls = json_decode($input === false ? '' : $input, true);
if (!is_array($calls) || !array_is_list($calls)) {
    fail('stdin is not a JSON array of calls: ' . json_last_error_msg());
}

try {
    $client = new SoapClient($wsdl, [
        'cache_wsdl' => WSDL_CACHE_NONE,
        'exceptions' => true,
        'trace' => true,
    ] + ($location === null ? [] : ['location' => $location]));
} catch (Throwable $e) {
    fail("cannot load the WSDL $wsdl: " . $e->getMessage());
}

$results = [];
$values = []; // index => raw return value of the calls that succeeded
foreach ($calls as $i => $call) {
    if (!is_array($call) || !isset($call['op']) || !is_string($call['op'])) {
        fail("call $i has no op");
    }
    $args = $call['args'] ?? [];
    if (!is_array($args)) {
        fail("call $i: args is not an array");
    }
    try {
        $args = array_map(fn($a) => resolveArg($a, $values), array_values($args));
    } catch (RuntimeException $e) {
        fail("call $i: " . $e->getMessage());
    }
    try {
        $value = $client->__soapCall($call['op'], $args);
        $values[$i] = $value;
        $results[] = ['ok' => true, 'value' => toJson($value)];
    } catch (SoapFault $f) {
        $results[] = [
            'ok' => false,
            'faultcode' => (string) $f->faultcode,
            'faultstring' => (string) $f->faultstring,
        ];
    }
}

$json = json_encode(
    $results,
    JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES,
);
if ($json === false) {
    fail('cannot encode the results as JSON: ' . json_last_error_msg());
}
echo $json, "\n";
exit(0);
