//! `kubeloop serve`'s flags, the safety rule on addresses, and the kubeconfig it can write.

use std::net::IpAddr;
use std::path::PathBuf;

use serde_json::json;

pub const USAGE: &str = "usage: kubeloop serve [--port 8001] [--address 127.0.0.1] [--token TOKEN]
                      [--seed N] [--speed X] [--www DIR] [--kubeconfig FILE]
                      [--max-watches N]
  Runs the simulation on the wall clock and serves the Kubernetes API (and the page from
  --www, default dist/ when it exists) on one origin. Port 0 picks a free port. An address
  other than loopback needs --token; every request must then send it as a bearer token.";

#[derive(Clone, Debug, PartialEq)]
pub struct ServeConfig {
    pub port: u16,
    pub address: IpAddr,
    pub token: Option<String>,
    pub seed: u64,
    pub speed: f64,
    pub www: Option<PathBuf>,
    pub kubeconfig: Option<PathBuf>,
    pub max_watches: usize,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            port: 8001,
            address: IpAddr::from([127, 0, 0, 1]),
            token: None,
            seed: 1,
            speed: 1.0,
            www: None,
            kubeconfig: None,
            max_watches: 500,
        }
    }
}

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    let a = &args[*i];
    if let Some(v) = a.strip_prefix(&format!("{flag}=")) {
        return Ok(v);
    }
    *i += 1;
    args.get(*i).map(String::as_str).ok_or_else(|| format!("flag needs an argument: {flag}"))
}

fn parsed<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse().map_err(|_| format!("invalid argument {v:?} for {flag}"))
}

impl ServeConfig {
    pub fn parse(args: &[String]) -> Result<ServeConfig, String> {
        let mut c = ServeConfig::default();
        let mut i = 0;
        while i < args.len() {
            let name = args[i].split('=').next().unwrap_or_default().to_string();
            match name.as_str() {
                "--port" => c.port = parsed("--port", value(args, &mut i, "--port")?)?,
                "--address" => c.address = parsed("--address", value(args, &mut i, "--address")?)?,
                "--token" => c.token = Some(value(args, &mut i, "--token")?.to_string()),
                "--seed" => c.seed = parsed("--seed", value(args, &mut i, "--seed")?)?,
                "--speed" => {
                    c.speed = parsed("--speed", value(args, &mut i, "--speed")?)?;
                    if !(c.speed > 0.0 && c.speed <= 100.0) {
                        return Err("--speed must be more than 0 and at most 100".into());
                    }
                }
                "--www" => c.www = Some(PathBuf::from(value(args, &mut i, "--www")?)),
                "--kubeconfig" => {
                    c.kubeconfig = Some(PathBuf::from(value(args, &mut i, "--kubeconfig")?))
                }
                "--max-watches" => {
                    c.max_watches = parsed("--max-watches", value(args, &mut i, "--max-watches")?)?
                }
                other => return Err(format!("unknown flag: {other}")),
            }
            i += 1;
        }
        if c.token.as_deref() == Some("") {
            return Err("--token must not be empty".into());
        }
        if !c.address.is_loopback() && c.token.is_none() {
            return Err(format!(
                "refusing to serve on {} without --token: anyone who can reach it could change the cluster",
                c.address
            ));
        }
        Ok(c)
    }
}

/// A kubeconfig whose current context points at `server` (with the token, if any).
pub fn kubeconfig(server: &str, token: Option<&str>) -> String {
    let mut user = json!({});
    if let Some(t) = token {
        user["token"] = t.into();
    }
    let doc = json!({
        "apiVersion": "v1",
        "kind": "Config",
        "clusters": [{ "name": "kubeloop", "cluster": { "server": server } }],
        "users": [{ "name": "kubeloop", "user": user }],
        "contexts": [{ "name": "kubeloop", "context": { "cluster": "kubeloop", "user": "kubeloop", "namespace": "default" } }],
        "current-context": "kubeloop",
        "preferences": {},
    });
    serde_yaml_ng::to_string(&doc).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn loopback_is_the_default_and_other_addresses_need_a_token() {
        let c = ServeConfig::parse(&args("--port 0 --seed=7")).unwrap();
        assert_eq!((c.port, c.seed, c.address.to_string()), (0, 7, "127.0.0.1".into()));
        let e = ServeConfig::parse(&args("--address 0.0.0.0")).unwrap_err();
        assert!(e.contains("without --token"), "{e}");
        assert!(ServeConfig::parse(&args("--address 0.0.0.0 --token s3cret")).is_ok());
        assert!(ServeConfig::parse(&args("--address ::1")).is_ok());
        assert_eq!(
            ServeConfig::parse(&args("--port")).unwrap_err(),
            "flag needs an argument: --port"
        );
        assert!(ServeConfig::parse(&args("--bogus")).is_err());
        assert!(ServeConfig::parse(&args("--speed 0")).is_err());
    }

    #[test]
    fn the_kubeconfig_names_the_server_and_the_token() {
        let text = kubeconfig("http://127.0.0.1:8001", Some("abc"));
        let v: serde_json::Value = serde_yaml_ng::from_str(&text).unwrap();
        assert_eq!(v["clusters"][0]["cluster"]["server"], "http://127.0.0.1:8001");
        assert_eq!(v["users"][0]["user"]["token"], "abc");
        assert_eq!(v["current-context"], "kubeloop");
    }
}
