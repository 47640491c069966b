//! LimitRange validation (pkg/apis/core/validation/validation.go `ValidateLimitRange`): the
//! item types, quantities that parse and are not negative, no defaults on a Pod item, and
//! min <= default request <= default limit <= max for each resource.

use crate::labels::validation::FieldError;
use crate::model::quantity;
use crate::model::LimitRange;

pub fn limit_range(lr: &LimitRange) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, item) in lr.spec.limits.iter().enumerate() {
        let path = format!("spec.limits[{i}]");
        if !matches!(item.type_.as_str(), "Container" | "Pod" | "PersistentVolumeClaim") {
            errs.push(FieldError::unsupported(
                &format!("{path}.type"),
                item.type_.as_str(),
                "\"Container\", \"PersistentVolumeClaim\", \"Pod\"",
            ));
        }
        if item.type_ == "Pod" {
            if !item.default.is_empty() {
                errs.push(FieldError::forbidden(
                    &format!("{path}.default"),
                    "may not be specified when `type` is 'Pod'",
                ));
            }
            if !item.default_request.is_empty() {
                errs.push(FieldError::forbidden(
                    &format!("{path}.defaultRequest"),
                    "may not be specified when `type` is 'Pod'",
                ));
            }
        }
        let lists = [
            ("max", &item.max),
            ("min", &item.min),
            ("default", &item.default),
            ("defaultRequest", &item.default_request),
            ("maxLimitRequestRatio", &item.max_limit_request_ratio),
        ];
        for (name, list) in lists {
            for (k, v) in list {
                let field = format!("{path}.{name}[{k}]");
                match quantity::parse(v) {
                    Err(e) => errs.push(FieldError::invalid(&field, v.as_str(), &e.to_string())),
                    Ok(q) if q.is_negative() => errs.push(FieldError::invalid(
                        &field,
                        v.as_str(),
                        "must be greater than or equal to 0",
                    )),
                    Ok(_) => {}
                }
            }
        }
        let get = |list: &crate::model::ResourceList, k: &str| {
            list.get(k).and_then(|v| quantity::parse(v).ok())
        };
        for k in item
            .min
            .keys()
            .chain(item.max.keys())
            .chain(item.default.keys())
            .chain(item.default_request.keys())
        {
            let (min, max, def, req) = (
                get(&item.min, k),
                get(&item.max, k),
                get(&item.default, k),
                get(&item.default_request, k),
            );
            let bad = |a: Option<quantity::Quantity>, b: Option<quantity::Quantity>| matches!((a, b), (Some(a), Some(b)) if a.nanos > b.nanos);
            let text = |q: Option<quantity::Quantity>| q.map(|q| q.canonical()).unwrap_or_default();
            if bad(min, max) {
                errs.push(FieldError::invalid(
                    &format!("{path}.min[{k}]"),
                    text(min).as_str(),
                    &format!("min value {} is greater than max value {}", text(min), text(max)),
                ));
            }
            if bad(req, def) {
                errs.push(FieldError::invalid(
                    &format!("{path}.defaultRequest[{k}]"),
                    text(req).as_str(),
                    &format!(
                        "default request value {} is greater than default limit value {}",
                        text(req),
                        text(def)
                    ),
                ));
            }
            if bad(def, max) {
                errs.push(FieldError::invalid(
                    &format!("{path}.default[{k}]"),
                    text(def).as_str(),
                    &format!("default value {} is greater than max value {}", text(def), text(max)),
                ));
            }
            if bad(min, req) {
                errs.push(FieldError::invalid(
                    &format!("{path}.defaultRequest[{k}]"),
                    text(req).as_str(),
                    &format!(
                        "min value {} is greater than default request value {}",
                        text(min),
                        text(req)
                    ),
                ));
            }
        }
    }
    let mut seen: Vec<String> = Vec::new();
    errs.retain(|e| {
        let s = e.to_string();
        !seen.contains(&s) && {
            seen.push(s);
            true
        }
    });
    errs
}
