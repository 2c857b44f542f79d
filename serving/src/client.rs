//! Who a request comes from: the TCP peer, or, only when the peer is a trusted proxy,
//! the client the proxies name in `X-Forwarded-For`. One rule for the portal (its
//! visitors' addresses, passed to the users API) and the embedded upstream (its login
//! throttle): believing the header from anyone would let a guesser claim a fresh
//! address on every attempt.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;

/// An address range: `10.0.0.0/8`, `::1/128`, or a single address (`127.0.0.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    addr: IpAddr,
    prefix: u8,
}

impl IpNet {
    /// True when `ip` lies in this range (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl From<IpAddr> for IpNet {
    /// The range holding this one address.
    fn from(addr: IpAddr) -> Self {
        let addr = addr.to_canonical();
        Self { addr, prefix: if addr.is_ipv4() { 32 } else { 128 } }
    }
}

impl FromStr for IpNet {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (addr, prefix) = match s.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s, None),
        };
        let addr =
            IpAddr::from_str(addr).map_err(|_| format!("`{s}` is not an address or address/prefix"))?.to_canonical();
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => {
                p.parse::<u8>().ok().filter(|p| *p <= max).ok_or_else(|| format!("bad prefix length in `{s}`"))?
            }
        };
        Ok(Self { addr, prefix })
    }
}

/// The client's address: the peer, unless the peer is a trusted proxy; then the hops of
/// `X-Forwarded-For` are read from the right (each proxy appends the address it saw) and
/// the first one that is not itself a trusted proxy is the client. Entries to the left of
/// it were written by the client and are ignored.
pub fn client_ip(peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpNet]) -> Option<IpAddr> {
    let mut client = peer?.to_canonical();
    let is_trusted = |ip: IpAddr| trusted.iter().any(|n| n.contains(ip));
    if !is_trusted(client) {
        return Some(client);
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.into_iter().rev() {
        // A proxy may write `addr:port` or `[v6]:port`.
        let Some(ip) = IpAddr::from_str(hop).ok().or_else(|| SocketAddr::from_str(hop).ok().map(|s| s.ip())) else {
            break;
        };
        client = ip.to_canonical();
        if !is_trusted(client) {
            break;
        }
    }
    Some(client)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(s: &str) -> IpNet {
        s.parse().unwrap()
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn forwarded(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", v.parse().unwrap());
        h
    }

    #[test]
    fn ranges() {
        assert!(net("10.0.0.0/8").contains(ip("10.200.1.1")));
        assert!(!net("10.0.0.0/8").contains(ip("11.0.0.1")));
        assert!(net("127.0.0.1").contains(ip("::ffff:127.0.0.1")));
        assert!(net("0.0.0.0/0").contains(ip("8.8.8.8")));
        assert!(net("fd00::/8").contains(ip("fd12::1")));
        assert!(!net("fd00::/8").contains(ip("10.0.0.1")));
        assert!("10.0.0.0/33".parse::<IpNet>().is_err());
        assert!("proxy.local".parse::<IpNet>().is_err());
        assert_eq!(IpNet::from(ip("::1")), net("::1/128"));
    }

    #[test]
    fn the_header_counts_only_from_a_trusted_peer() {
        let h = forwarded("6.6.6.6");
        assert_eq!(client_ip(Some(ip("9.9.9.9")), &h, &[]), Some(ip("9.9.9.9")));
        assert_eq!(client_ip(Some(ip("9.9.9.9")), &h, &[net("10.0.0.0/8")]), Some(ip("9.9.9.9")));
        assert_eq!(client_ip(Some(ip("10.0.0.2")), &h, &[net("10.0.0.0/8")]), Some(ip("6.6.6.6")));
        assert_eq!(client_ip(None, &h, &[net("10.0.0.0/8")]), None);
    }

    #[test]
    fn entries_the_client_wrote_are_skipped() {
        // The client sent `1.1.1.1`, proxy 10.0.0.3 appended the real client, proxy
        // 10.0.0.2 appended 10.0.0.3 and connected to us.
        let h = forwarded("1.1.1.1, 5.5.5.5, 10.0.0.3");
        assert_eq!(client_ip(Some(ip("10.0.0.2")), &h, &[net("10.0.0.0/8")]), Some(ip("5.5.5.5")));
        let h = forwarded("garbage, 5.5.5.5:4431");
        assert_eq!(client_ip(Some(ip("10.0.0.2")), &h, &[net("10.0.0.0/8")]), Some(ip("5.5.5.5")));
    }
}
