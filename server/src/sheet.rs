//! The Excel workbook of a search's export (`/tenders.xlsx?<filters>`), written with
//! rust_xlsxwriter. The bundle's export steps write the rows (`web/src/machine/csv.ts`):
//! one JSON array of cells a line, the header first. A cell is a string, a number,
//! `{"money": 1234.5}`, `{"date": "2026-10-08"}` or `{"date": "2026-10-08T01:30"}` (Kyiv
//! wall time), a `{"url": …}` link, or `null`. The sheet keeps the header in view and
//! filterable, and its columns fit their text; text stays text (a title that starts with
//! `=` is never a formula), numbers stay numbers, money shows its thousands grouped
//! (`1 234 567,00` in a Ukrainian spreadsheet) and dates are dates a spreadsheet can sort
//! and sum by. A column no row fills (a contract number no record of the result states)
//! is left out: a file for people, where the CSVs keep every column for machines.

use rust_xlsxwriter::{ExcelDateTime, Format, Url, Workbook, XlsxError};
use serde_json::Value;

/// Why the rows could not become a workbook.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    #[error("sheet row {row}: {reason}")]
    Row { row: usize, reason: String },
    #[error("workbook: {0}")]
    Xlsx(#[from] XlsxError),
}

/// Excel's limits: rows of a sheet, columns, and the characters of a cell and a sheet name.
const MAX_ROWS: usize = 1_048_576;
const MAX_COLUMNS: usize = 16_384;
const MAX_CELL_CHARS: usize = 32_767;
const MAX_NAME_CHARS: usize = 31;

/// A sheet name Excel accepts: without `[]:*?/\`, not quoted, at most 31 characters.
fn sheet_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c) && !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_matches('\'')
        .trim()
        .to_owned();
    if clean.is_empty() {
        "Sheet1".to_owned()
    } else {
        clean
    }
}

/// Text within a cell's limit (cut on a character boundary).
fn cell_text(text: &str) -> &str {
    match text.char_indices().nth(MAX_CELL_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

/// A Kyiv wall time as the cells carry it: `YYYY-MM-DD`, or with `THH:MM`.
fn wall_time(text: &str) -> Option<(ExcelDateTime, bool)> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    let day = b.len() >= 10 && digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10);
    let time = b.len() == 16 && b[10] == b'T' && digits(11..13) && b[13] == b':' && digits(14..16);
    if !day || !(b.len() == 10 || time) {
        return None;
    }
    ExcelDateTime::parse_from_str(text).ok().map(|d| (d, time))
}

/// The number format of money: thousands grouped, two decimals, up to four when the
/// amount has them (the price of one gram); the spreadsheet's locale picks the marks.
pub const MONEY_FORMAT: &str = "#,##0.00##";

/// Whether a cell holds anything (a row's `null`s and empty texts do not).
fn filled(cell: &Value) -> bool {
    match cell {
        Value::Null => false,
        Value::String(text) => !text.is_empty(),
        _ => true,
    }
}

/// The workbook of the rows `lines` (the header row first), its one sheet named `name`.
pub fn workbook(name: &str, lines: &str) -> Result<Vec<u8>, SheetError> {
    let mut rows: Vec<Vec<Value>> = Vec::new();
    for (index, line) in lines.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let bad = |reason: String| SheetError::Row { row: index + 1, reason };
        if index >= MAX_ROWS {
            return Err(bad(format!("more than {MAX_ROWS} rows")));
        }
        let cells: Vec<Value> = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
        if cells.len() > MAX_COLUMNS {
            return Err(bad(format!("more than {MAX_COLUMNS} columns")));
        }
        rows.push(cells);
    }
    // The columns some row below the header fills; with no rows, the header's all.
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let kept: Vec<usize> =
        (0..width).filter(|&c| rows.len() < 2 || rows[1..].iter().any(|row| row.get(c).is_some_and(filled))).collect();

    let mut book = Workbook::new();
    let header = Format::new().set_bold().set_text_wrap().set_background_color("#EAF1FB");
    let day = Format::new().set_num_format("dd.mm.yyyy");
    let moment = Format::new().set_num_format("dd.mm.yyyy hh:mm");
    let money = Format::new().set_num_format(MONEY_FORMAT);
    let sheet = book.add_worksheet();
    sheet.set_name(sheet_name(name))?;
    for (index, cells) in rows.iter().enumerate() {
        let bad = |reason: String| SheetError::Row { row: index + 1, reason };
        let row = index as u32;
        for (col, &c) in kept.iter().enumerate() {
            let Some(cell) = cells.get(c) else { continue };
            let col = col as u16;
            let number = |n: &serde_json::Number| {
                n.as_f64()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| bad(format!("column {}: {n} is not a finite number", c + 1)))
            };
            match cell {
                Value::Null => {}
                Value::String(text) if index == 0 => {
                    sheet.write_string_with_format(row, col, cell_text(text), &header)?;
                }
                Value::String(text) => {
                    sheet.write_string(row, col, cell_text(text))?;
                }
                Value::Number(n) => {
                    sheet.write_number(row, col, number(n)?)?;
                }
                Value::Object(o) => {
                    if let Some(Value::Number(n)) = o.get("money") {
                        sheet.write_number_with_format(row, col, number(n)?, &money)?;
                    } else if let Some(Value::String(text)) = o.get("date") {
                        let (date, with_time) =
                            wall_time(text).ok_or_else(|| bad(format!("column {}: `{text}` is not a date", c + 1)))?;
                        sheet.write_datetime_with_format(row, col, &date, if with_time { &moment } else { &day })?;
                    } else if let Some(Value::String(url)) = o.get("url") {
                        // A link Excel cannot hold (too long, not http) stays its text.
                        let linkable =
                            url.len() <= 2_000 && (url.starts_with("https://") || url.starts_with("http://"));
                        if !linkable || sheet.write_url(row, col, Url::new(url.as_str())).is_err() {
                            sheet.write_string(row, col, cell_text(url))?;
                        }
                    } else {
                        return Err(bad(format!(
                            "column {}: an object that is neither money, a date nor a link",
                            c + 1
                        )));
                    }
                }
                other => return Err(bad(format!("column {}: {other} is not a cell", c + 1))),
            }
        }
    }
    if !rows.is_empty() && !kept.is_empty() {
        sheet.set_freeze_panes(1, 0)?;
        sheet.autofilter(0, 0, (rows.len() - 1) as u32, (kept.len() - 1) as u16)?;
        sheet.set_autofit_max_width(400).autofit();
    }
    Ok(book.save_to_buffer()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{Data, Reader, Xlsx};

    /// The first sheet's name and cells, as a real XLSX reader sees them.
    fn read(bytes: Vec<u8>) -> (String, Vec<Vec<Data>>) {
        let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).expect("an XLSX file");
        let name = book.sheet_names()[0].clone();
        let range = book.worksheet_range(&name).unwrap();
        (name, range.rows().map(<[Data]>::to_vec).collect())
    }

    #[test]
    fn rows_become_a_sheet_of_text_numbers_dates_and_links() {
        let lines = concat!(
            r#"["Назва","Сума","Опубліковано","Початок","Посилання",null]"#,
            "\n",
            r#"["=SUM(A1:A9)",1234.5,{"date":"2026-10-08T01:30"},{"date":"2026-10-08"},{"url":"https://portal.test/tenders/UA-1"},null]"#,
            "\n",
            r#"["Ремонт доріг, м. Київ",-2,null,null,{"url":"javascript:alert(1)"}]"#,
            "\n"
        );
        let (name, rows) = read(workbook("Тендери: [пошук]", lines).unwrap());
        assert_eq!(name, "Тендери пошук");
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0][0], Data::String("Назва".into()));
        // Text a spreadsheet would run as a formula is only text here.
        assert_eq!(rows[1][0], Data::String("=SUM(A1:A9)".into()));
        assert_eq!(rows[1][1], Data::Float(1234.5));
        match &rows[1][2] {
            Data::DateTime(d) => {
                let (y, m, day, h, min, _, _) = d.to_ymd_hms_milli();
                assert_eq!((y, m, day, h, min), (2026, 10, 8, 1, 30));
            }
            other => panic!("a date, not {other:?}"),
        }
        assert!(matches!(&rows[1][3], Data::DateTime(d) if d.as_f64().fract() == 0.0), "{:?}", rows[1][3]);
        assert_eq!(rows[1][4], Data::String("https://portal.test/tenders/UA-1".into()));
        assert_eq!(rows[2][1], Data::Float(-2.0));
        assert_eq!(rows[2][4], Data::String("javascript:alert(1)".into()), "not a link, only its text");
    }

    /// The number format of the cell at (`row`, `col`) of the first sheet.
    fn format_at(bytes: &[u8], at: (u32, u32)) -> Option<String> {
        let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("an XLSX file");
        let name = book.sheet_names()[0].clone();
        let styles = book.worksheet_style(&name).unwrap();
        styles.get(at).and_then(|style| style.number_format.as_ref()).map(|f| f.format_code.clone())
    }

    #[test]
    fn money_shows_its_thousands_grouped_and_numbers_stay_plain() {
        let lines = concat!(
            r#"["Сума","Ціна за одиницю","Кількість"]"#,
            "\n",
            r#"[{"money":1234567},{"money":0.0045},12.5]"#,
            "\n"
        );
        let bytes = workbook("x", lines).unwrap();
        let (_, rows) = read(bytes.clone());
        // Still numbers a spreadsheet sums.
        assert_eq!(rows[1], vec![Data::Float(1_234_567.0), Data::Float(0.0045), Data::Float(12.5)]);
        assert_eq!(format_at(&bytes, (1, 0)).as_deref(), Some(MONEY_FORMAT));
        assert_eq!(format_at(&bytes, (1, 1)).as_deref(), Some(MONEY_FORMAT));
        assert_ne!(format_at(&bytes, (1, 2)).as_deref(), Some(MONEY_FORMAT), "a quantity is no money");
        // Grouped thousands, two decimals at least: 1 234 567,00 in a Ukrainian spreadsheet.
        assert!(MONEY_FORMAT.starts_with("#,##0.00"));
    }

    #[test]
    fn columns_no_row_fills_are_left_out() {
        let lines = concat!(
            r#"["Номер договору в системі","Номер договору","Сума","Початок строку дії"]"#,
            "\n",
            r#"["UA-1-c1",null,{"money":10},""]"#,
            "\n",
            r#"["UA-2-c1","",{"money":20}]"#,
            "\n"
        );
        let (_, rows) = read(workbook("x", lines).unwrap());
        assert_eq!(rows[0], vec![Data::String("Номер договору в системі".into()), Data::String("Сума".into())]);
        assert_eq!(rows[2], vec![Data::String("UA-2-c1".into()), Data::Float(20.0)]);
        // One row that states it keeps the column.
        let one = lines.replacen("[\"UA-2-c1\",\"\"", "[\"UA-2-c1\",\"№ 15/10\"", 1);
        let (_, rows) = read(workbook("x", &one).unwrap());
        assert_eq!(rows[0].len(), 3);
        assert_eq!(rows[2][1], Data::String("№ 15/10".into()));
        // No rows: the header is all there is, whole.
        let (_, rows) = read(workbook("x", "[\"a\",\"b\"]\n").unwrap());
        assert_eq!(rows[0].len(), 2);
    }

    #[test]
    fn bad_rows_are_refused_with_their_number() {
        for (lines, says) in [
            ("[\"a\"]\n{\"not\":\"a row\"}\n", "sheet row 2"),
            ("[{\"date\":\"12.10.2026\"}]\n", "is not a date"),
            ("[{\"what\":1}]\n", "neither money, a date nor a link"),
            ("[{\"money\":\"1\"}]\n", "neither money, a date nor a link"),
            ("[[1]]\n", "is not a cell"),
        ] {
            let error = workbook("x", lines).unwrap_err().to_string();
            assert!(error.contains(says), "{lines}: {error}");
        }
        // Nothing to write is an empty sheet, not an error.
        assert_eq!(read(workbook("", "").unwrap()).0, "Sheet1");
    }
}
