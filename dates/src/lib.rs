//! Dates as the platform writes them (`2026-10-08T16:28:39.567617+03:00`), turned into
//! epoch milliseconds for indexes and back. Hand-written because the upstream and the portal need only
//! this and Kyiv's daylight-saving rule (EU rule: last Sunday of March and October, 01:00 UTC).

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// The (year, month, day) of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719468;
    let era = if z >= 0 { z } else { z - 146096 } / 146097;
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn last_sunday_utc_ms(year: i64, month: u32) -> i64 {
    let last = days_from_civil(year, month, 31);
    // 1970-01-01 was a Thursday: weekday 0 = Sunday.
    let weekday = (last + 4).rem_euclid(7);
    (last - weekday) * 86_400_000 + 3_600_000
}

/// Kyiv's UTC offset in seconds at an instant (EET +2, EEST +3).
pub fn kyiv_offset_secs(utc_ms: i64) -> i64 {
    let year = civil_from_days(utc_ms.div_euclid(86_400_000)).0;
    if utc_ms >= last_sunday_utc_ms(year, 3) && utc_ms < last_sunday_utc_ms(year, 10) {
        3 * 3600
    } else {
        2 * 3600
    }
}

fn num(s: &str) -> Option<i64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.frac]]` with `Z`, `±HH:MM` or no offset.
/// Values without an offset are Kyiv local time. Returns epoch milliseconds.
pub fn parse(s: &str) -> Option<i64> {
    let s = s.trim();
    let (date, rest) = match s.find(['T', ' ']) {
        Some(i) => (&s[..i], &s[i + 1..]),
        None => (s, ""),
    };
    let mut dp = date.split('-');
    let y = num(dp.next()?)?;
    let m = num(dp.next()?)? as u32;
    let d = num(dp.next()?)? as u32;
    if dp.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let (time, offset) = if let Some(t) = rest.strip_suffix('Z') {
        (t, Some(0))
    } else if let Some(i) = rest.rfind(['+', '-']) {
        let off = &rest[i + 1..];
        let (h, mi) = off.split_once(':').unwrap_or((off.get(..2)?, off.get(2..)?));
        let secs = num(h)? * 3600 + num(mi)? * 60;
        (&rest[..i], Some(if rest.as_bytes()[i] == b'-' { -secs } else { secs }))
    } else {
        (rest, None)
    };
    let mut ms_of_day = 0;
    if !time.is_empty() {
        let (hms, frac) = time.split_once('.').unwrap_or((time, ""));
        let mut tp = hms.split(':');
        let h = num(tp.next()?)?;
        let mi = num(tp.next()?)?;
        let sec = tp.next().map(num).unwrap_or(Some(0))?;
        if h > 23 || mi > 59 || sec > 60 {
            return None;
        }
        let frac_ms = if frac.is_empty() {
            0
        } else {
            let digits: String = frac.chars().chain("000".chars()).take(3).collect();
            num(&digits)?
        };
        ms_of_day = ((h * 60 + mi) * 60 + sec) * 1000 + frac_ms;
    }
    let local = days_from_civil(y, m, d) * 86_400_000 + ms_of_day;
    Some(match offset {
        Some(off) => local - off * 1000,
        None => {
            // Two passes settle the offset near a DST switch.
            let guess = local - kyiv_offset_secs(local - 2 * 3_600_000) * 1000;
            local - kyiv_offset_secs(guess) * 1000
        }
    })
}

/// True when the value is a bare date (no time part): `to` bounds then cover the whole day.
pub fn is_date_only(s: &str) -> bool {
    !s.trim().contains(['T', ' '])
}

/// Formats epoch milliseconds the way the platform does, in Kyiv time with microseconds:
/// `2026-10-08T16:28:39.567000+03:00`.
pub fn format_kyiv(utc_ms: i64) -> String {
    let off = kyiv_offset_secs(utc_ms);
    let local = utc_ms + off * 1000;
    let (y, m, d) = civil_from_days(local.div_euclid(86_400_000));
    let ms = local.rem_euclid(86_400_000);
    let (h, mi, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{frac:03}000+{:02}:00", off / 3600)
}

/// The calendar year (Kyiv time) of an instant.
pub fn kyiv_year(utc_ms: i64) -> i32 {
    let local = utc_ms + kyiv_offset_secs(utc_ms) * 1000;
    civil_from_days(local.div_euclid(86_400_000)).0 as i32
}

/// Now, in epoch milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_platform_format() {
        let ms = parse("2026-10-08T16:28:39.567617+03:00").unwrap();
        assert_eq!(ms, parse("2026-10-08T13:28:39.567Z").unwrap());
        assert_eq!(format_kyiv(ms), "2026-10-08T16:28:39.567000+03:00");
    }

    #[test]
    fn date_only_is_kyiv_midnight_in_winter_and_summer() {
        assert_eq!(parse("2026-01-15").unwrap(), parse("2026-01-14T22:00:00Z").unwrap());
        assert_eq!(parse("2026-07-15").unwrap(), parse("2026-07-14T21:00:00Z").unwrap());
        assert!(is_date_only("2026-07-15"));
    }

    #[test]
    fn rejects_garbage() {
        for bad in ["", "2026", "2026-13-01", "yesterday", "2026-10-08T25:00", "2026-1x-01"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn civil_round_trip() {
        for z in [-1000, 0, 1, 20_000, 20_734, 40_000] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
        assert_eq!(kyiv_year(parse("2026-12-31T23:30:00+02:00").unwrap()), 2026);
    }
}
