//! `kubectl get --sort-by=PATH`: kubectl/pkg/cmd/get/sorter.go (`SortObjects`,
//! `RuntimeSort.Less`, `isLess`) over the objects as JSON, the way kubectl sorts the
//! unstructured items it receives. The path is relaxed like custom-columns' (`.a.b`, `{.a.b}`);
//! the first value it yields is the key; objects without one sort first. Strings that both
//! parse as quantities compare as quantities (`100m` < `1`), other strings in natural order
//! (`pod-2` < `pod-10`, vbom.ml/util/sortorder `NaturalLess`).

use std::cmp::Ordering;

use serde_json::Value;

use super::jsonpath;
use super::printers::{self, relaxed_jsonpath};
use crate::model::Object;

/// Sorts `objs` (each with its JSON) by `field`, stably. The error is sorter.go's, for a
/// path no object has, or one that does not parse.
/// `table` picks the table path's wording (get.go `NewRuntimeSorter` keeps a path that does
/// not relax as given, and `NewTableSorter` prefixes parse errors with `sorting error: `)
/// over the other printers' (`SortingPrinter` → `SortObjects` fails on either).
pub fn sort_by<T>(objs: &mut Vec<(Value, T)>, field: &str, table: bool) -> Result<(), String> {
    let field = match relaxed_jsonpath(field) {
        Ok(f) => f,
        Err(_) if table => field.to_string(),
        Err(e) => return Err(e),
    };
    let template = jsonpath::parse(&field).map_err(|e| match table {
        true => format!("sorting error: {e}"),
        false => e.to_string(),
    })?;
    let mut keys = Vec::with_capacity(objs.len());
    for (json, _) in objs.iter() {
        let results = template.find_results(json).map_err(|e| e.to_string())?;
        keys.push(results.into_iter().next().and_then(|v| v.into_iter().next()));
    }
    if !objs.is_empty() && keys.iter().all(Option::is_none) {
        return Err(format!(
            "couldn't find any field with path {} in the list of objects",
            crate::gofmt::go_quote(&field)
        ));
    }
    let mut items: Vec<_> = keys.into_iter().zip(objs.drain(..)).collect();
    let mut failure = None;
    crate::sort::sort_by(&mut items, |(a, _), (b, _)| {
        compare(a.as_ref(), b.as_ref()).unwrap_or_else(|e| {
            failure.get_or_insert(e);
            Ordering::Equal
        })
    });
    objs.extend(items.into_iter().map(|(_, o)| o));
    match failure {
        // TableSorter.Less's or RuntimeSort.Less's klog.Exitf, without klog's prefix.
        Some(e) => Err(format!(
            "Field {field} in {} is an unsortable type: interface, err: {e}",
            if table { "[][][]reflect.Value" } else { "*unstructured.Unstructured" }
        )),
        None => Ok(()),
    }
}

/// `sort_by` over objects, keyed by their JSON as kubectl receives it.
pub fn sort_objects(objs: &mut Vec<Object>, field: &str, table: bool) -> Result<(), String> {
    let mut pairs: Vec<_> = objs.drain(..).map(|o| (printers::object_json(&o), o)).collect();
    sort_by(&mut pairs, field, table)?;
    objs.extend(pairs.into_iter().map(|(_, o)| o));
    Ok(())
}

fn compare(a: Option<&Value>, b: Option<&Value>) -> Result<Ordering, String> {
    Ok(match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) if is_less(x, y)? => Ordering::Less,
        (Some(x), Some(y)) if is_less(y, x)? => Ordering::Greater,
        _ => Ordering::Equal,
    })
}

/// sorter.go `isLess` for decoded JSON (its `reflect.Interface` case): null first, integers
/// (int64) and fractions (float64) each by value, strings as quantities when both parse,
/// naturally otherwise. Anything else (booleans, maps, lists, or two different types) is
/// unsortable, which kubectl reports as it exits.
fn is_less(a: &Value, b: &Value) -> Result<bool, String> {
    let go_type = |v: &Value| match v {
        Value::Bool(_) => "bool",
        Value::Object(_) => "map[string]interface {}",
        Value::Array(_) => "[]interface {}",
        Value::Number(n) if n.is_f64() => "float64",
        Value::Number(_) => "int64",
        Value::String(_) => "string",
        Value::Null => "<nil>",
    };
    match (a, b) {
        (Value::Null, Value::Null) => Ok(false),
        (Value::Null, _) => Ok(true),
        (_, Value::Null) => Ok(false),
        (Value::Number(x), Value::Number(y)) if go_type(a) == go_type(b) => {
            Ok(match (x.as_i64(), y.as_i64()) {
                (Some(x), Some(y)) => x < y,
                _ => x.as_f64().unwrap_or(0.0) < y.as_f64().unwrap_or(0.0),
            })
        }
        (Value::String(x), Value::String(y)) => Ok(match (quantity(x), quantity(y)) {
            (Some(qx), Some(qy)) => qx < qy,
            _ => natural_less(x, y),
        }),
        (Value::Number(_) | Value::String(_), _) => Err("unsortable interface: interface".into()),
        _ => Err(format!("unsortable type: {}", go_type(a))),
    }
}

/// A value of apimachinery resource.ParseQuantity's grammar (`<signed number><suffix>`,
/// suffixes binary `Ki`..`Ei`, decimal `n u m k M G T P E`, or an exponent `e3`/`E3`), as
/// a float: enough to order quantities, which is all `--sort-by` needs.
pub(crate) fn quantity(s: &str) -> Option<f64> {
    let end = s
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && (c == '+' || c == '-'))))
        .map_or(s.len(), |(i, _)| i);
    let (num, suffix) = s.split_at(end);
    if !num.bytes().any(|b| b.is_ascii_digit()) || num.matches('.').count() > 1 {
        return None;
    }
    let n: f64 = num.parse().ok()?;
    let scale = match suffix {
        "" => 1.0,
        "Ki" => 1024f64,
        "Mi" => 1024f64.powi(2),
        "Gi" => 1024f64.powi(3),
        "Ti" => 1024f64.powi(4),
        "Pi" => 1024f64.powi(5),
        "Ei" => 1024f64.powi(6),
        "n" => 1e-9,
        "u" => 1e-6,
        "m" => 1e-3,
        "k" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        "P" => 1e15,
        "E" => 1e18,
        _ => {
            let exp = suffix.strip_prefix(['e', 'E'])?;
            let digits = exp.strip_prefix(['+', '-']).unwrap_or(exp);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            10f64.powi(exp.parse::<i32>().ok()?)
        }
    };
    Some(n * scale)
}

/// vbom.ml/util/sortorder `NaturalLess`: runs of digits compare by value (then by fewer
/// leading zeros), digits sort before other characters, other bytes by value.
pub(crate) fn natural_less(s1: &str, s2: &str) -> bool {
    let (a, b) = (s1.as_bytes(), s2.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (d1, d2) = (a[i].is_ascii_digit(), b[j].is_ascii_digit());
        if d1 != d2 {
            return d1;
        }
        if !d1 {
            if a[i] != b[j] {
                return a[i] < b[j];
            }
            i += 1;
            j += 1;
            continue;
        }
        while i < a.len() && a[i] == b'0' {
            i += 1;
        }
        while j < b.len() && b[j] == b'0' {
            j += 1;
        }
        let (nz1, nz2) = (i, j);
        while i < a.len() && a[i].is_ascii_digit() {
            i += 1;
        }
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if i - nz1 != j - nz2 {
            return i - nz1 < j - nz2;
        }
        if a[nz1..i] != b[nz2..j] {
            return a[nz1..i] < b[nz2..j];
        }
        if nz1 != nz2 {
            return nz1 < nz2;
        }
    }
    a.len() < b.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sorted(values: Vec<Value>, field: &str) -> Result<Vec<usize>, String> {
        let mut objs: Vec<(Value, usize)> =
            values.into_iter().enumerate().map(|(i, v)| (v, i)).collect();
        sort_by(&mut objs, field, true)?;
        Ok(objs.into_iter().map(|(_, i)| i).collect())
    }

    // sorter_test.go: names, integers, quantities as strings, and missing fields first.
    #[test]
    fn sorts_by_type() {
        let names = vec![json!({"n": "c"}), json!({"n": "a"}), json!({"n": "b"})];
        assert_eq!(sorted(names, ".n").unwrap(), [1, 2, 0]);
        let ints = vec![json!({"r": 10}), json!({"r": 2}), json!({"r": 7})];
        assert_eq!(sorted(ints, "{.r}").unwrap(), [1, 2, 0]);
        let qty =
            vec![json!({"c": "1"}), json!({"c": "500m"}), json!({"c": "1Gi"}), json!({"c": "2k"})];
        assert_eq!(sorted(qty, "c").unwrap(), [1, 0, 3, 2]);
        let missing = vec![json!({"n": "b"}), json!({}), json!({"n": "a"}), json!({})];
        assert_eq!(sorted(missing, ".n").unwrap(), [1, 3, 2, 0]);
        let natural = vec![json!({"n": "pod-10"}), json!({"n": "pod-9"}), json!({"n": "pod-09"})];
        assert_eq!(sorted(natural, ".n").unwrap(), [1, 2, 0]);
    }

    #[test]
    fn unsortable_values_are_an_error() {
        let flags = vec![json!({"b": true}), json!({"b": false})];
        assert_eq!(
            sorted(flags, ".b").unwrap_err(),
            "Field {.b} in [][][]reflect.Value is an unsortable type: interface, err: unsortable type: bool"
        );
        let mixed = vec![json!({"n": 1}), json!({"n": "a"})];
        assert!(sorted(mixed, ".n").unwrap_err().ends_with("unsortable interface: interface"));
    }

    #[test]
    fn bad_paths_are_worded_per_printer() {
        let one = || vec![(json!({"a": 1}), ())];
        assert_eq!(
            sort_by(&mut one(), "{.a[", true).unwrap_err(),
            "sorting error: unterminated array"
        );
        assert!(sort_by(&mut one(), "{.a}}", false)
            .unwrap_err()
            .starts_with("unexpected path string"));
    }

    #[test]
    fn a_path_no_object_has_is_an_error() {
        assert_eq!(
            sorted(vec![json!({"a": 1})], ".metadata.foo").unwrap_err(),
            "couldn't find any field with path \"{.metadata.foo}\" in the list of objects"
        );
        assert_eq!(sorted(vec![], ".x").unwrap(), Vec::<usize>::new());
    }

    // sortorder natural_test.go cases.
    #[test]
    fn natural_order() {
        for (a, b) in [
            ("0", "1"),
            ("1", "10"),
            ("a1", "a2"),
            ("a2", "a10"),
            ("01", "001"),
            ("a", "b"),
            ("1", "a"),
            ("a", "ab"),
        ] {
            assert!(natural_less(a, b), "{a} < {b}");
            assert!(!natural_less(b, a), "!({b} < {a})");
        }
        assert!(
            quantity("web").is_none() && quantity("1e3") == Some(1000.0) && quantity("-").is_none()
        );
    }
}
