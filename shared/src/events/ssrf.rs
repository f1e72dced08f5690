//! Which webhook targets are refused (server-side request forgery): every address that is not
//! globally routable unicast.
//!
//! The rules follow the IANA IPv4 and IPv6 Special-Purpose Address Registries (as of 2026), one
//! table row per entry ([`V4_SPECIAL`], [`V6_SPECIAL`]), and the IPv6 address space registry: an
//! IPv6 address must lie in global unicast `2000::/3`, except the forms that embed an IPv4 address
//! ([`V6_EMBEDDED_V4`]: IPv4-mapped, NAT64, 6to4), which are judged by that IPv4 address. Entries
//! the registries mark globally reachable (AS112, AMT relays over IPv4...) are not listed, except
//! where a whole block is refused conservatively (`192.0.0.0/24`, `2001::/23`).
//!
//! A target is checked twice:
//! - at registration, by [`check_url`]: the scheme, credentials, literal addresses (in any form
//!   `url` accepts: `0x7f000001`, `2130706433` and `127.1` are all IPv4 hosts) and local names
//!   (`localhost`, `.localhost`, `.internal`, `.local`, `.home.arpa`). It does not resolve DNS,
//!   so its verdict never depends on DNS answers;
//! - at connect time, by [`check_target`], after resolution: every resolved address must pass
//!   (one forbidden address refuses the target), and the connection is pinned to the checked
//!   addresses, so a DNS answer cannot change between the check and the connection.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// IPv4 blocks refused: (network address, prefix length, registry entry).
pub(super) const V4_SPECIAL: &[(u32, u8, &str)] = &[
    (0x0000_0000, 8, "0.0.0.0/8: \"this network\" (RFC 791)"),
    (0x0a00_0000, 8, "10.0.0.0/8: private use (RFC 1918)"),
    (
        0x6440_0000,
        10,
        "100.64.0.0/10: shared address space, carrier-grade NAT (RFC 6598)",
    ),
    (0x7f00_0000, 8, "127.0.0.0/8: loopback (RFC 1122)"),
    (0xa9fe_0000, 16, "169.254.0.0/16: link-local, cloud metadata (RFC 3927)"),
    (0xac10_0000, 12, "172.16.0.0/12: private use (RFC 1918)"),
    (
        0xc000_0000,
        24,
        "192.0.0.0/24: IETF protocol assignments (RFC 6890), whole block, conservatively",
    ),
    (0xc000_0200, 24, "192.0.2.0/24: documentation TEST-NET-1 (RFC 5737)"),
    (
        0xc058_6300,
        24,
        "192.88.99.0/24: deprecated 6to4 relay anycast (RFC 7526)",
    ),
    (0xc0a8_0000, 16, "192.168.0.0/16: private use (RFC 1918)"),
    (0xc612_0000, 15, "198.18.0.0/15: benchmarking (RFC 2544)"),
    (0xc633_6400, 24, "198.51.100.0/24: documentation TEST-NET-2 (RFC 5737)"),
    (0xcb00_7100, 24, "203.0.113.0/24: documentation TEST-NET-3 (RFC 5737)"),
    (0xe000_0000, 4, "224.0.0.0/4: multicast (RFC 5771)"),
    (
        0xf000_0000,
        4,
        "240.0.0.0/4: reserved (RFC 1112), incl. limited broadcast 255.255.255.255 (RFC 919)",
    ),
];

/// IPv6 global unicast (RFC 4291, IPv6 address space registry): nothing outside it is a target,
/// apart from the embedded-IPv4 forms below.
const V6_GLOBAL_UNICAST: (u128, u8) = (0x2000 << 112, 3);

/// IPv6 forms that carry an IPv4 address, judged by it: (prefix, prefix length, how many bits
/// the IPv4 address sits above the lowest bit, registry entry).
pub(super) const V6_EMBEDDED_V4: &[(u128, u8, u32, &str)] = &[
    (0xffff << 32, 96, 0, "::ffff:0:0/96: IPv4-mapped (RFC 4291)"),
    (
        0x0064_ff9b << 96,
        96,
        0,
        "64:ff9b::/96: NAT64 well-known prefix (RFC 6052)",
    ),
    (
        0x2002 << 112,
        16,
        80,
        "2002::/16: 6to4, IPv4 address in bits 16..48 (RFC 3056)",
    ),
];

/// IPv6 blocks refused: (prefix, prefix length, registry entry). Those outside `2000::/3` would
/// be refused anyway; they are listed so the table reads as the registry does.
pub(super) const V6_SPECIAL: &[(u128, u8, &str)] = &[
    (
        0,
        96,
        "::/96: IPv4-compatible, deprecated (RFC 4291), incl. unspecified :: and loopback ::1",
    ),
    (0x0064_ff9b_0001 << 80, 48, "64:ff9b:1::/48: local-use NAT64 (RFC 8215)"),
    (0x0100 << 112, 64, "100::/64: discard-only (RFC 6666)"),
    (
        0x2001 << 112,
        23,
        "2001::/23: IETF protocol assignments (RFC 2928), whole block: Teredo 2001::/32 \
         (RFC 4380; its embedded server and client addresses are thereby never reached), \
         benchmarking 2001:2::/48, AMT, AS112, ORCHIDv2, DRIP",
    ),
    (0x2001_0db8 << 96, 32, "2001:db8::/32: documentation (RFC 3849)"),
    (0x3fff << 112, 20, "3fff::/20: documentation (RFC 9637)"),
    (0x5f00 << 112, 16, "5f00::/16: SRv6 SIDs (RFC 9602)"),
    (
        0xfc00 << 112,
        7,
        "fc00::/7: unique local (RFC 4193), incl. AWS metadata fd00:ec2::254",
    ),
    (0xfe80 << 112, 10, "fe80::/10: link-local unicast (RFC 4291)"),
    (0xfec0 << 112, 10, "fec0::/10: site-local, deprecated (RFC 3879)"),
    (0xff00 << 112, 8, "ff00::/8: multicast (RFC 4291)"),
];

fn in_v4(addr: u32, (network, len): (u32, u8)) -> bool {
    let mask = u32::MAX.checked_shl(32 - u32::from(len)).unwrap_or(0);
    addr & mask == network & mask
}

fn in_v6(addr: u128, (network, len): (u128, u8)) -> bool {
    let mask = u128::MAX.checked_shl(128 - u32::from(len)).unwrap_or(0);
    addr & mask == network & mask
}

fn forbidden_v4(ip: Ipv4Addr) -> bool {
    let addr = u32::from(ip);
    V4_SPECIAL.iter().any(|&(network, len, _)| in_v4(addr, (network, len)))
}

fn forbidden_v6(ip: Ipv6Addr) -> bool {
    let addr = u128::from(ip);
    if let Some(&(_, _, shift, _)) = V6_EMBEDDED_V4
        .iter()
        .find(|&&(network, len, _, _)| in_v6(addr, (network, len)))
    {
        // Truncation intended: the 32 bits at `shift` are the IPv4 address.
        return forbidden_v4(Ipv4Addr::from((addr >> shift) as u32));
    }
    V6_SPECIAL.iter().any(|&(network, len, _)| in_v6(addr, (network, len))) || !in_v6(addr, V6_GLOBAL_UNICAST)
}

/// Whether an address is one a webhook must never reach: anything that is not globally routable
/// unicast (see the module documentation).
pub fn is_forbidden_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => forbidden_v6(v6),
    }
}

/// Names that only ever mean something local: `localhost` (RFC 6761), `.internal` (reserved for
/// private use, ICANN 2024), `.local` (mDNS, RFC 6762), `.home.arpa` (home networks, RFC 8375).
const LOCAL_NAMES: &[&str] = &["localhost", "internal", "local", "home.arpa"];

fn is_local_name(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    LOCAL_NAMES
        .iter()
        .any(|suffix| name == *suffix || name.strip_suffix(suffix).is_some_and(|rest| rest.ends_with('.')))
}

const PRIVATE: &str = "The url must not point at a private or local address.";

/// Checks a webhook URL's form: https (http too when private targets are allowed, for local
/// development), a host, no credentials, and (unless private targets are allowed) no forbidden
/// literal address or local name. Does not resolve DNS: [`check_target`] checks the addresses
/// actually connected to, when delivering.
pub fn check_url(raw: &str, allow_private: bool) -> Result<url::Url, String> {
    let url = url::Url::parse(raw).map_err(|e| format!("The url is not a valid URL ({e})."))?;
    match url.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => return Err("The url must use https.".into()),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err("The url must not carry credentials; use the signing secret to authenticate.".into());
    }
    let Some(host) = url.host() else {
        return Err("The url needs a host.".into());
    };
    if !allow_private && is_forbidden_host(&host) {
        return Err(PRIVATE.into());
    }
    Ok(url)
}

/// A literal address that is not globally routable unicast, or a name that only means something
/// local: refused without asking DNS.
fn is_forbidden_host<S: AsRef<str>>(host: &url::Host<S>) -> bool {
    match host {
        url::Host::Ipv4(v4) => is_forbidden_address(IpAddr::V4(*v4)),
        url::Host::Ipv6(v6) => is_forbidden_address(IpAddr::V6(*v6)),
        url::Host::Domain(name) => is_local_name(name.as_ref()),
    }
}

/// Checks a host the service will connect to that a user set outside a URL (a sub-tenant's SMTP
/// server) by the webhook rules: a literal address, in any form `url` reads (`127.1`,
/// `0x7f000001`, `[::1]`, bare `::1`), or a local name is refused without DNS; then, unless
/// private targets are allowed, every address the name resolves to must pass ([`resolve`]).
/// Whoever connects to it must check the addresses again, as webhook delivery does.
pub async fn check_host(raw: &str, allow_private: bool) -> Result<(), String> {
    let host = match raw.parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => url::Host::Ipv4(v4),
        Ok(IpAddr::V6(v6)) => url::Host::Ipv6(v6),
        Err(_) => url::Host::parse(raw).map_err(|e| format!("The host is not a valid host name ({e})."))?,
    };
    if allow_private {
        return Ok(());
    }
    if is_forbidden_host(&host) {
        return Err("The host must not be a private or local address.".into());
    }
    match host {
        // A literal address that passed needs no resolution.
        url::Host::Ipv4(_) | url::Host::Ipv6(_) => Ok(()),
        url::Host::Domain(name) => resolve(&name, 0, false).await.map(drop),
    }
}

/// Resolves a target and refuses it when any address it resolves to is forbidden; returns the
/// addresses to connect to (the caller pins its connection to them, so a DNS answer cannot change
/// between this check and the connection).
pub async fn check_target(url: &url::Url, allow_private: bool) -> Result<Vec<SocketAddr>, String> {
    let host = url.host_str().ok_or("The url needs a host.")?;
    let port = url.port_or_known_default().ok_or("The url needs a port.")?;
    resolve(host.trim_start_matches('[').trim_end_matches(']'), port, allow_private).await
}

/// The addresses `host` resolves to, refused when any of them is forbidden.
async fn resolve(host: &str, port: u16, allow_private: bool) -> Result<Vec<SocketAddr>, String> {
    let addresses: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| format!("The host {host} does not resolve ({e})."))?
        .collect();
    if addresses.is_empty() {
        return Err(format!("The host {host} does not resolve."));
    }
    if !allow_private && addresses.iter().any(|a| is_forbidden_address(a.ip())) {
        return Err(format!("The host {host} resolves to a private or local address."));
    }
    Ok(addresses)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALLOWED: bool = false;
    const REFUSED: bool = true;

    #[test]
    fn addresses_are_judged_by_the_special_purpose_registries() {
        let cases: &[(&str, bool, &str)] = &[
            // Public IPv4.
            ("8.8.8.8", ALLOWED, "public (Google DNS)"),
            ("1.1.1.1", ALLOWED, "public (Cloudflare DNS)"),
            ("93.184.216.34", ALLOWED, "public (example.com)"),
            ("1.0.0.0", ALLOWED, "just above 0.0.0.0/8"),
            ("223.255.255.255", ALLOWED, "just below multicast"),
            ("192.0.1.1", ALLOWED, "between 192.0.0/24 and 192.0.2/24"),
            ("192.31.196.1", ALLOWED, "AS112-v4, globally reachable"),
            // IPv4 special purpose, and its boundaries.
            ("0.0.0.0", REFUSED, "unspecified"),
            ("0.1.2.3", REFUSED, "this network"),
            ("10.0.0.1", REFUSED, "private 10/8"),
            ("10.255.255.255", REFUSED, "private 10/8, last"),
            ("11.0.0.0", ALLOWED, "just above 10/8"),
            ("100.63.255.255", ALLOWED, "just below shared space"),
            ("100.64.0.0", REFUSED, "shared space, first"),
            ("100.64.0.1", REFUSED, "shared space"),
            ("100.127.255.255", REFUSED, "shared space, last"),
            ("100.128.0.0", ALLOWED, "just above shared space"),
            ("127.0.0.1", REFUSED, "loopback"),
            ("127.255.255.254", REFUSED, "loopback, high"),
            ("169.254.169.254", REFUSED, "link-local, cloud metadata"),
            ("172.15.255.255", ALLOWED, "just below 172.16/12"),
            ("172.16.0.0", REFUSED, "private 172.16/12, first"),
            ("172.16.5.4", REFUSED, "private 172.16/12"),
            ("172.31.255.255", REFUSED, "private 172.16/12, last"),
            ("172.32.0.0", ALLOWED, "just above 172.16/12"),
            ("192.0.0.1", REFUSED, "IETF protocol assignments"),
            ("192.0.0.9", REFUSED, "PCP anycast, inside 192.0.0/24"),
            ("192.0.2.1", REFUSED, "TEST-NET-1"),
            ("192.88.99.1", REFUSED, "6to4 relay anycast"),
            ("192.168.1.1", REFUSED, "private 192.168/16"),
            ("198.17.255.255", ALLOWED, "just below benchmarking"),
            ("198.18.0.0", REFUSED, "benchmarking, first"),
            ("198.19.255.255", REFUSED, "benchmarking, last"),
            ("198.20.0.0", ALLOWED, "just above benchmarking"),
            ("198.51.100.7", REFUSED, "TEST-NET-2"),
            ("203.0.113.9", REFUSED, "TEST-NET-3"),
            ("224.0.0.1", REFUSED, "multicast"),
            ("239.255.255.255", REFUSED, "multicast, last"),
            ("240.0.0.1", REFUSED, "reserved"),
            ("255.255.255.255", REFUSED, "limited broadcast"),
            // Public IPv6.
            ("2606:4700:4700::1111", ALLOWED, "public (Cloudflare DNS)"),
            ("2a00:1450:4001::1", ALLOWED, "public (Google)"),
            ("2001:4860:4860::8888", ALLOWED, "public (Google DNS), above 2001::/23"),
            ("2001:200::1", ALLOWED, "public, just above 2001::/23"),
            ("2620:4f:8000::1", ALLOWED, "AS112-v6, globally reachable"),
            ("3ffe::1", ALLOWED, "global unicast below 3fff::/20"),
            // Embedded IPv4, judged by the IPv4 address.
            ("::ffff:8.8.8.8", ALLOWED, "IPv4-mapped public"),
            ("::ffff:127.0.0.1", REFUSED, "IPv4-mapped loopback"),
            ("::ffff:169.254.169.254", REFUSED, "IPv4-mapped metadata"),
            ("64:ff9b::808:808", ALLOWED, "NAT64 of 8.8.8.8"),
            ("64:ff9b::a9fe:a9fe", REFUSED, "NAT64 of 169.254.169.254"),
            ("64:ff9b::a00:1", REFUSED, "NAT64 of 10.0.0.1"),
            ("64:ff9b::7f00:1", REFUSED, "NAT64 of 127.0.0.1"),
            ("2002:808:808::1", ALLOWED, "6to4 of 8.8.8.8"),
            ("2002:7f00:1::1", REFUSED, "6to4 of 127.0.0.1"),
            ("2002:a00:1::1", REFUSED, "6to4 of 10.0.0.1"),
            ("2002:a9fe:a9fe::1", REFUSED, "6to4 of 169.254.169.254"),
            // IPv6 special purpose.
            ("::", REFUSED, "unspecified"),
            ("::1", REFUSED, "loopback"),
            ("::127.0.0.1", REFUSED, "IPv4-compatible loopback"),
            ("::8.8.8.8", REFUSED, "IPv4-compatible, deprecated even when public"),
            ("64:ff9b:1::a00:1", REFUSED, "local-use NAT64"),
            ("64:ff9b:1::808:808", REFUSED, "local-use NAT64, public IPv4"),
            ("100::1", REFUSED, "discard-only"),
            ("2001::1", REFUSED, "Teredo"),
            (
                "2001:0:4136:e378:8000:63bf:3fff:fdd2",
                REFUSED,
                "Teredo (RFC 4380 example)",
            ),
            ("2001:2::1", REFUSED, "benchmarking"),
            ("2001:20::1", REFUSED, "ORCHIDv2"),
            ("2001:1ff:ffff::1", REFUSED, "IETF protocol assignments, last /32"),
            ("2001:db8::1", REFUSED, "documentation"),
            ("3fff::1", REFUSED, "documentation (RFC 9637)"),
            ("3fff:fff::1", REFUSED, "documentation (RFC 9637), last"),
            ("5f00::1", REFUSED, "SRv6 SIDs"),
            ("fc00::1", REFUSED, "unique local"),
            ("fd00::1", REFUSED, "unique local"),
            ("fd00:ec2::254", REFUSED, "AWS metadata over IPv6"),
            ("fe80::1", REFUSED, "link-local"),
            ("fec0::1", REFUSED, "site-local"),
            ("ff02::1", REFUSED, "multicast all-nodes"),
            ("ff0e::1", REFUSED, "multicast, global scope"),
            ("1000::1", REFUSED, "outside 2000::/3"),
            ("4000::1", REFUSED, "outside 2000::/3"),
            ("e000::1", REFUSED, "outside 2000::/3"),
        ];
        assert!(cases.len() >= 45);
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(address, refused, _)| is_forbidden_address(address.parse().unwrap()) != *refused)
            .map(|(address, refused, label)| {
                let want = if *refused { "refused" } else { "allowed" };
                format!("{address} ({label}) should be {want}")
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn every_table_row_is_a_network_address() {
        for &(network, len, name) in V4_SPECIAL {
            assert!(network.checked_shl(u32::from(len)).unwrap_or(0) == 0, "{name}");
        }
        for &(network, len, name) in V6_SPECIAL {
            assert!(network.checked_shl(u32::from(len)).unwrap_or(0) == 0, "{name}");
        }
        for &(network, len, _, name) in V6_EMBEDDED_V4 {
            assert!(network.checked_shl(u32::from(len)).unwrap_or(0) == 0, "{name}");
        }
    }

    #[test]
    fn urls_must_be_https_public_and_without_credentials() {
        let cases: &[(&str, bool, &str)] = &[
            ("https://hooks.example.com/in", ALLOWED, "public name"),
            (
                "https://hooks.example.com:8443/in?x=1",
                ALLOWED,
                "public name, port and query",
            ),
            ("https://93.184.216.34/in", ALLOWED, "public IPv4"),
            ("https://[2606:4700:4700::1111]/in", ALLOWED, "public IPv6"),
            ("https://[64:ff9b::808:808]/in", ALLOWED, "NAT64 of a public address"),
            (
                "https://local.example.com/in",
                ALLOWED,
                "`local` as a label, not the TLD",
            ),
            ("https://mylocalhost/in", ALLOWED, "not `localhost`"),
            ("https://example.internal.com/in", ALLOWED, "`internal` not as the TLD"),
            ("http://hooks.example.com/in", REFUSED, "http"),
            ("ftp://hooks.example.com", REFUSED, "not http"),
            ("https://user:pw@hooks.example.com", REFUSED, "credentials"),
            ("https://user@hooks.example.com", REFUSED, "a user name"),
            ("not a url", REFUSED, "not a URL"),
            ("https://127.0.0.1/x", REFUSED, "loopback"),
            ("https://10.0.0.1/x", REFUSED, "private"),
            ("https://169.254.169.254/latest/meta-data", REFUSED, "metadata"),
            ("https://0x7f000001/x", REFUSED, "hexadecimal loopback"),
            ("https://2130706433/x", REFUSED, "decimal loopback"),
            ("https://127.1/x", REFUSED, "short loopback"),
            ("https://017700000001/x", REFUSED, "octal loopback"),
            ("https://0xa9fea9fe/x", REFUSED, "hexadecimal metadata"),
            ("https://192.0.0.1/x", REFUSED, "IETF protocol assignments"),
            ("https://[::1]/x", REFUSED, "IPv6 loopback"),
            ("https://[::ffff:127.0.0.1]/x", REFUSED, "IPv4-mapped loopback"),
            ("https://[64:ff9b::a9fe:a9fe]/x", REFUSED, "NAT64 of metadata"),
            ("https://[64:ff9b::a00:1]/x", REFUSED, "NAT64 of 10.0.0.1"),
            ("https://[2002:7f00:1::1]/x", REFUSED, "6to4 of loopback"),
            ("https://[::127.0.0.1]/x", REFUSED, "IPv4-compatible loopback"),
            ("https://[2001:db8::1]/x", REFUSED, "documentation"),
            ("https://[fd00:ec2::254]/x", REFUSED, "AWS metadata over IPv6"),
            ("https://localhost/x", REFUSED, "localhost"),
            ("https://LOCALHOST./x", REFUSED, "localhost, upper case, trailing dot"),
            ("https://api.localhost/x", REFUSED, ".localhost"),
            ("https://metadata.google.internal/x", REFUSED, ".internal"),
            ("https://printer.local/x", REFUSED, ".local (mDNS)"),
            ("https://printer.local./x", REFUSED, ".local with a trailing dot"),
            ("https://router.home.arpa/x", REFUSED, ".home.arpa"),
        ];
        let wrong: Vec<String> = cases
            .iter()
            .filter(|(url, refused, _)| check_url(url, false).is_err() != *refused)
            .map(|(url, refused, label)| {
                let want = if *refused { "refused" } else { "allowed" };
                format!("{url} ({label}) should be {want}")
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
        assert!(
            check_url("http://127.0.0.1:9000/in", true).is_ok(),
            "allowed for local development"
        );
        assert!(check_url("https://printer.local/in", true).is_ok());
        assert!(check_url("ftp://127.0.0.1/in", true).is_err(), "never other schemes");
    }

    #[tokio::test]
    async fn a_name_resolving_to_loopback_is_refused() {
        let url = check_url("https://localhost:443/x", true).unwrap();
        assert!(check_target(&url, false).await.is_err());
        assert!(check_target(&url, true).await.is_ok());
    }

    #[tokio::test]
    async fn hosts_set_outside_a_url_follow_the_same_rules() {
        for host in [
            "127.0.0.1",
            "::1",
            "[::1]",
            "0x7f000001",
            "127.1",
            "169.254.169.254",
            "[::ffff:10.0.0.1]",
            "localhost",
            "mail.internal",
        ] {
            assert!(check_host(host, false).await.is_err(), "{host}");
            assert!(
                check_host(host, true).await.is_ok(),
                "{host}: allowed for local development"
            );
        }
        for host in ["8.8.8.8", "2606:4700:4700::1111", "[2606:4700:4700::1111]"] {
            assert!(check_host(host, false).await.is_ok(), "{host}");
        }
        assert!(check_host("smtp example", false).await.is_err(), "not a host");
    }

    #[tokio::test]
    async fn literal_targets_are_checked_without_dns() {
        for (raw, refused) in [
            ("https://[64:ff9b::a9fe:a9fe]/x", true),
            ("https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", true),
            ("https://0x7f000001/x", true),
            ("https://8.8.8.8/x", false),
            ("https://[2606:4700:4700::1111]/x", false),
        ] {
            let url = url::Url::parse(raw).unwrap();
            assert_eq!(check_target(&url, false).await.is_err(), refused, "{raw}");
        }
    }
}
