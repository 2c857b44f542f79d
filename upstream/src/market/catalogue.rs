//! The hand-written part of the generated catalogue: which real CPV groups become market
//! classifications, which real CPV codes under them become categories, what a product
//! of each category is called, and which characteristics (with realistic values and
//! units) its profiles and products carry. Names of classifications and categories come
//! from the loaded CPV classifier; everything here is what CPV cannot tell.

/// A unit of measure: UN/CEFACT code, Ukrainian name and short symbols.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Unit {
    pub code: &'static str,
    pub name: &'static str,
    pub uk: &'static str,
    pub en: &'static str,
}

const fn u(code: &'static str, name: &'static str, uk: &'static str, en: &'static str) -> Unit {
    Unit { code, name, uk, en }
}

pub const PCS: Unit = u("H87", "штука", "шт.", "pcs");
pub const PACK: Unit = u("PK", "упаковка", "уп.", "pack");
pub const PAIR: Unit = u("PR", "пара", "пар", "pairs");
pub const SET: Unit = u("SET", "набір", "наб.", "set");
pub const ROLL: Unit = u("RO", "рулон", "рул.", "roll");
pub const LTR: Unit = u("LTR", "літр", "л", "l");
pub const MLT: Unit = u("MLT", "мілілітр", "мл", "ml");
pub const KGM: Unit = u("KGM", "кілограм", "кг", "kg");
pub const GRM: Unit = u("GRM", "грам", "г", "g");
pub const MMT: Unit = u("MMT", "міліметр", "мм", "mm");
pub const CMT: Unit = u("CMT", "сантиметр", "см", "cm");
pub const MTR: Unit = u("MTR", "метр", "м", "m");
pub const GSM: Unit = u("GM", "грам на квадратний метр", "г/м²", "g/m²");
pub const WTT: Unit = u("WTT", "ват", "Вт", "W");
pub const KWT: Unit = u("KWT", "кіловат", "кВт", "kW");
pub const VLT: Unit = u("VLT", "вольт", "В", "V");
pub const AMP: Unit = u("AMP", "ампер", "А", "A");
pub const AMH: Unit = u("AMH", "ампер-година", "А·год", "Ah");
pub const INH: Unit = u("INH", "дюйм", "″", "″");
pub const GB: Unit = u("E34", "гігабайт", "ГБ", "GB");
pub const MON: Unit = u("MON", "місяць", "міс.", "months");
pub const DAY: Unit = u("DAY", "доба", "діб", "days");
pub const PCT: Unit = u("P1", "відсоток", "%", "%");
pub const CEL: Unit = u("CEL", "градус Цельсія", "°C", "°C");
pub const KEL: Unit = u("KEL", "кельвін", "K", "K");
pub const LUM: Unit = u("LUM", "люмен", "лм", "lm");
pub const HTZ: Unit = u("HTZ", "герц", "Гц", "Hz");
pub const BAR: Unit = u("BAR", "бар", "бар", "bar");
pub const MMK: Unit = u("MMK", "квадратний міліметр", "мм²", "mm²");
pub const MTK: Unit = u("MTK", "квадратний метр", "м²", "m²");
pub const MICRON: Unit = u("4H", "мікрометр", "мкм", "µm");
pub const GPL: Unit = u("GL", "грам на літр", "г/л", "g/l");
pub const MGKG: Unit = u("NA", "міліграм на кілограм", "мг/кг", "mg/kg");
pub const PPM: Unit = u("C62", "сторінок за хвилину", "стор./хв", "ppm");
pub const PAGES: Unit = u("C62", "сторінка", "стор.", "pages");
pub const DPI: Unit = u("E37", "точок на дюйм", "dpi", "dpi");
pub const ONE: Unit = u("C62", "одиниця", "", "");

/// What values a characteristic takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// Numbers from this ascending list; `int` gives dataType `integer`.
    Num {
        vals: &'static [f64],
        unit: Unit,
        int: bool,
    },
    /// One of these (Ukrainian, English) options.
    Text(&'static [(&'static str, &'static str)]),
    Bool,
}

/// A characteristic: a requirement of profiles and a response of products.
#[derive(Debug, Clone, Copy)]
pub struct Attr {
    pub key: &'static str,
    pub uk: &'static str,
    pub en: &'static str,
    pub kind: Kind,
}

const fn num(key: &'static str, uk: &'static str, en: &'static str, unit: Unit, vals: &'static [f64]) -> Attr {
    Attr { key, uk, en, kind: Kind::Num { vals, unit, int: false } }
}
const fn int(key: &'static str, uk: &'static str, en: &'static str, unit: Unit, vals: &'static [f64]) -> Attr {
    Attr { key, uk, en, kind: Kind::Num { vals, unit, int: true } }
}
const fn text(
    key: &'static str,
    uk: &'static str,
    en: &'static str,
    o: &'static [(&'static str, &'static str)],
) -> Attr {
    Attr { key, uk, en, kind: Kind::Text(o) }
}
const fn flag(key: &'static str, uk: &'static str, en: &'static str) -> Attr {
    Attr { key, uk, en, kind: Kind::Bool }
}

/// Every characteristic a category may use, by key.
pub static ATTRS: &[Attr] = &[
    // Common
    text(
        "country",
        "Країна походження",
        "Country of origin",
        &[
            ("Україна", "Ukraine"),
            ("Польща", "Poland"),
            ("Німеччина", "Germany"),
            ("Китай", "China"),
            ("Туреччина", "Turkey"),
            ("Чехія", "Czechia"),
        ],
    ),
    int("warranty", "Гарантійний строк", "Warranty period", MON, &[6.0, 12.0, 24.0, 36.0]),
    int("pack", "Кількість в упаковці", "Pieces per pack", PCS, &[10.0, 12.0, 20.0, 24.0, 50.0, 100.0]),
    text(
        "color",
        "Колір",
        "Colour",
        &[
            ("білий", "white"),
            ("чорний", "black"),
            ("сірий", "grey"),
            ("синій", "blue"),
            ("червоний", "red"),
            ("зелений", "green"),
        ],
    ),
    // Office
    text("paper_format", "Формат", "Format", &[("А4", "A4"), ("А3", "A3"), ("А5", "A5")]),
    int("density", "Щільність", "Density", GSM, &[65.0, 70.0, 75.0, 80.0, 90.0, 100.0, 120.0]),
    int("sheets", "Кількість аркушів", "Sheets per ream", PCS, &[100.0, 250.0, 500.0]),
    int("brightness", "Яскравість (ISO)", "ISO brightness", PCT, &[90.0, 93.0, 95.0, 97.0]),
    text(
        "ink_color",
        "Колір чорнила",
        "Ink colour",
        &[("синій", "blue"), ("чорний", "black"), ("червоний", "red"), ("зелений", "green")],
    ),
    num("line_width", "Товщина лінії", "Line width", MMT, &[0.3, 0.5, 0.7, 1.0, 2.0, 3.0]),
    text("pen_type", "Механізм", "Mechanism", &[("з ковпачком", "with cap"), ("автоматичний", "retractable")]),
    text(
        "hardness",
        "Твердість грифеля",
        "Lead hardness",
        &[("HB", "HB"), ("2B", "2B"), ("B", "B"), ("H", "H"), ("2H", "2H")],
    ),
    flag("eraser", "З гумкою", "With eraser"),
    text("marker_tip", "Форма наконечника", "Tip shape", &[("круглий", "round"), ("клиноподібний", "chisel")]),
    text("staple_size", "Розмір скоб", "Staple size", &[("№10", "No. 10"), ("№24/6", "24/6"), ("№23/10", "23/10")]),
    int("staple_cap", "Кількість аркушів, що скріплюються", "Stapling capacity", PCS, &[12.0, 20.0, 30.0, 50.0]),
    int("shred_sheets", "Кількість аркушів за прохід", "Sheets per pass", PCS, &[6.0, 8.0, 10.0, 15.0, 20.0]),
    int("shred_level", "Рівень секретності (DIN 66399)", "Security level (DIN 66399)", ONE, &[2.0, 3.0, 4.0, 5.0]),
    int("clip_len", "Довжина", "Length", MMT, &[25.0, 28.0, 33.0, 50.0]),
    int("nb_sheets", "Кількість аркушів", "Sheets", PCS, &[12.0, 18.0, 24.0, 48.0, 96.0]),
    text("ruling", "Графлення", "Ruling", &[("клітинка", "squared"), ("лінія", "lined"), ("без графлення", "plain")]),
    text(
        "cover",
        "Обкладинка",
        "Cover",
        &[("картонна", "cardboard"), ("пластикова", "plastic"), ("тверда", "hardcover")],
    ),
    int("spine", "Ширина корінця", "Spine width", MMT, &[25.0, 50.0, 75.0, 80.0]),
    int("calc_digits", "Кількість розрядів", "Display digits", ONE, &[8.0, 10.0, 12.0, 14.0, 16.0]),
    // Computers and office equipment
    num("screen", "Діагональ екрана", "Screen size", INH, &[21.5, 23.8, 27.0, 31.5, 34.0]),
    num("screen_laptop", "Діагональ екрана", "Screen size", INH, &[13.3, 14.0, 15.6, 16.0, 17.3]),
    num("screen_tab", "Діагональ екрана", "Screen size", INH, &[8.0, 10.1, 10.9, 11.0, 12.4]),
    int("screen_tv", "Діагональ екрана", "Screen size", INH, &[32.0, 43.0, 50.0, 55.0, 65.0, 75.0]),
    text(
        "resolution",
        "Роздільна здатність",
        "Resolution",
        &[("1920×1080", "1920×1080"), ("2560×1440", "2560×1440"), ("3840×2160", "3840×2160")],
    ),
    text("panel", "Тип матриці", "Panel type", &[("IPS", "IPS"), ("VA", "VA"), ("TN", "TN")]),
    int("refresh", "Частота оновлення", "Refresh rate", HTZ, &[60.0, 75.0, 100.0, 144.0]),
    text(
        "cpu",
        "Процесор",
        "Processor",
        &[
            ("Intel Core i3", "Intel Core i3"),
            ("Intel Core i5", "Intel Core i5"),
            ("Intel Core i7", "Intel Core i7"),
            ("AMD Ryzen 5", "AMD Ryzen 5"),
            ("AMD Ryzen 7", "AMD Ryzen 7"),
        ],
    ),
    int("ram", "Оперативна пам'ять", "RAM", GB, &[4.0, 8.0, 16.0, 32.0]),
    int("storage", "Обсяг накопичувача", "Storage capacity", GB, &[128.0, 256.0, 512.0, 1024.0, 2048.0]),
    text(
        "os",
        "Операційна система",
        "Operating system",
        &[
            ("Windows 11 Pro", "Windows 11 Pro"),
            ("Windows 11 Home", "Windows 11 Home"),
            ("Linux", "Linux"),
            ("без ОС", "no OS"),
        ],
    ),
    int("print_speed", "Швидкість друку", "Print speed", PPM, &[18.0, 20.0, 28.0, 33.0, 40.0]),
    flag("color_print", "Кольоровий друк", "Colour printing"),
    flag("duplex", "Двосторонній друк", "Duplex printing"),
    flag("wifi", "Wi-Fi", "Wi-Fi"),
    int("page_yield", "Ресурс", "Page yield", PAGES, &[1500.0, 2000.0, 3000.0, 5000.0, 12000.0]),
    text(
        "toner_color",
        "Колір тонера",
        "Toner colour",
        &[("чорний", "black"), ("блакитний", "cyan"), ("пурпуровий", "magenta"), ("жовтий", "yellow")],
    ),
    flag("original", "Оригінальний", "Original (OEM)"),
    int("flash_cap", "Обсяг пам'яті", "Capacity", GB, &[16.0, 32.0, 64.0, 128.0, 256.0]),
    text(
        "usb",
        "Інтерфейс",
        "Interface",
        &[("USB 2.0", "USB 2.0"), ("USB 3.0", "USB 3.0"), ("USB 3.2", "USB 3.2"), ("USB-C", "USB-C")],
    ),
    flag("wireless", "Бездротовий", "Wireless"),
    text("layout", "Розкладка", "Layout", &[("українська/англійська", "Ukrainian/English"), ("англійська", "English")]),
    int("dpi", "Роздільна здатність сенсора", "Sensor resolution", DPI, &[800.0, 1200.0, 1600.0, 3200.0]),
    int("scan_dpi", "Оптична роздільна здатність", "Optical resolution", DPI, &[600.0, 1200.0, 2400.0, 4800.0]),
    flag("adf", "Автоподавач документів", "Automatic document feeder"),
    // Medical
    flag("sterile", "Стерильний", "Sterile"),
    flag("latex_free", "Без латексу", "Latex-free"),
    flag("powder_free", "Неопудрені", "Powder-free"),
    text("glove_size", "Розмір", "Size", &[("S", "S"), ("M", "M"), ("L", "L"), ("XL", "XL")]),
    text("glove_material", "Матеріал", "Material", &[("нітрил", "nitrile"), ("латекс", "latex"), ("вініл", "vinyl")]),
    num("syringe_vol", "Об'єм", "Volume", MLT, &[1.0, 2.0, 5.0, 10.0, 20.0, 50.0]),
    text("needle", "Розмір голки", "Needle gauge", &[("21G", "21G"), ("22G", "22G"), ("23G", "23G"), ("25G", "25G")]),
    int("bandage_w", "Ширина", "Width", CMT, &[5.0, 7.0, 10.0, 14.0, 16.0]),
    int("bandage_l", "Довжина", "Length", MTR, &[5.0, 7.0, 10.0]),
    flag("hypoallergenic", "Гіпоалергенний", "Hypoallergenic"),
    text(
        "plaster_base",
        "Основа",
        "Backing",
        &[("тканинна", "fabric"), ("поліуретанова", "polyurethane"), ("нетканий матеріал", "non-woven")],
    ),
    int("max_load", "Максимальне навантаження", "Maximum load", KGM, &[100.0, 120.0, 150.0, 180.0, 250.0]),
    int("sections", "Кількість секцій ложа", "Bed sections", ONE, &[1.0, 2.0, 3.0, 4.0]),
    int("seat_width", "Ширина сидіння", "Seat width", CMT, &[40.0, 43.0, 46.0, 50.0]),
    flag("foldable", "Складаний", "Foldable"),
    text(
        "kit_type",
        "Призначення",
        "Purpose",
        &[("автомобільна", "vehicle"), ("офісна", "office"), ("індивідуальна", "personal"), ("тактична", "tactical")],
    ),
    text(
        "clothing_size",
        "Розмір",
        "Size",
        &[("44-46", "44-46"), ("48-50", "48-50"), ("52-54", "52-54"), ("56-58", "56-58"), ("60-62", "60-62")],
    ),
    text(
        "fabric",
        "Тканина",
        "Fabric",
        &[
            ("бавовна", "cotton"),
            ("поліестер", "polyester"),
            ("саржа", "twill"),
            ("суміш бавовни та поліестеру", "poly-cotton blend"),
        ],
    ),
    text(
        "bp_type",
        "Тип",
        "Type",
        &[("автоматичний", "automatic"), ("напівавтоматичний", "semi-automatic"), ("механічний", "manual")],
    ),
    int("cuff", "Обхват манжети, до", "Cuff size up to", CMT, &[32.0, 36.0, 42.0, 45.0]),
    text(
        "thermo_type",
        "Тип",
        "Type",
        &[("безконтактний", "non-contact"), ("електронний", "digital"), ("ртутний", "mercury-free glass")],
    ),
    num("accuracy", "Похибка вимірювання", "Accuracy", CEL, &[0.1, 0.2, 0.3]),
    // Hygiene paper
    int("ply", "Кількість шарів", "Ply", ONE, &[1.0, 2.0, 3.0, 4.0]),
    int("roll_len", "Довжина рулону", "Roll length", MTR, &[18.0, 30.0, 50.0, 100.0, 150.0]),
    int("rolls", "Кількість рулонів в упаковці", "Rolls per pack", PCS, &[1.0, 4.0, 8.0, 12.0, 24.0]),
    text(
        "napkin_size",
        "Розмір",
        "Size",
        &[("24×24 см", "24×24 cm"), ("33×33 см", "33×33 cm"), ("40×40 см", "40×40 cm")],
    ),
    flag("recycled", "З макулатури", "Recycled fibre"),
    // Fuel and oils
    text(
        "fuel_grade",
        "Марка палива",
        "Fuel grade",
        &[("А-92", "A-92"), ("А-95", "A-95"), ("А-95 преміум", "A-95 premium"), ("А-98", "A-98")],
    ),
    text("euro_class", "Екологічний клас", "Emission class", &[("Євро-5", "Euro 5"), ("Євро-4", "Euro 4")]),
    int("coupon", "Номінал талона", "Coupon denomination", LTR, &[5.0, 10.0, 20.0]),
    int("cetane", "Цетанове число", "Cetane number", ONE, &[51.0, 52.0, 55.0]),
    int("sulfur", "Вміст сірки", "Sulphur content", MGKG, &[10.0, 50.0]),
    int("cfpp", "Гранична температура фільтрування", "Cold filter plugging point", CEL, &[-26.0, -20.0, -15.0, -5.0]),
    text("lpg_mix", "Склад", "Composition", &[("пропан-бутан", "propane-butane"), ("пропан", "propane")]),
    text(
        "viscosity",
        "Клас в'язкості (SAE)",
        "SAE viscosity grade",
        &[("5W-30", "5W-30"), ("5W-40", "5W-40"), ("10W-40", "10W-40"), ("15W-40", "15W-40")],
    ),
    text(
        "oil_base",
        "Основа",
        "Base oil",
        &[("синтетична", "synthetic"), ("напівсинтетична", "semi-synthetic"), ("мінеральна", "mineral")],
    ),
    num("can_l", "Об'єм тари", "Container volume", LTR, &[1.0, 4.0, 5.0, 20.0, 60.0]),
    // Food
    int("weight_g", "Маса нетто", "Net weight", GRM, &[90.0, 100.0, 200.0, 250.0, 400.0, 500.0, 900.0, 1000.0]),
    num("weight_kg", "Маса нетто", "Net weight", KGM, &[0.5, 1.0, 2.0, 5.0, 10.0, 25.0, 50.0]),
    num("volume_l", "Об'єм", "Volume", LTR, &[0.25, 0.5, 0.75, 0.9, 1.0, 1.5, 2.0, 5.0]),
    text("grade", "Ґатунок", "Grade", &[("вищий", "premium"), ("перший", "first"), ("другий", "second")]),
    int("shelf", "Строк придатності", "Shelf life", DAY, &[5.0, 14.0, 30.0, 180.0, 365.0]),
    text(
        "package",
        "Пакування",
        "Packaging",
        &[("плівка", "film pouch"), ("пляшка", "bottle"), ("тетрапак", "carton"), ("банка", "jar")],
    ),
    flag("dstu", "Відповідність ДСТУ", "Complies with DSTU"),
    flag("gmo_free", "Без ГМО", "GMO-free"),
    flag("sugar_free", "Без додавання цукру", "No added sugar"),
    int("cocoa", "Вміст какао", "Cocoa content", PCT, &[30.0, 50.0, 56.0, 70.0, 85.0]),
    text(
        "tea_kind",
        "Вид чаю",
        "Tea type",
        &[("чорний", "black"), ("зелений", "green"), ("трав'яний", "herbal"), ("фруктовий", "fruit")],
    ),
    int("tea_bags", "Кількість пакетиків", "Tea bags", PCS, &[20.0, 25.0, 50.0, 100.0]),
    text("coffee_kind", "Вид", "Type", &[("зернова", "beans"), ("мелена", "ground"), ("розчинна", "instant")]),
    text(
        "pasta_shape",
        "Форма",
        "Shape",
        &[
            ("спагеті", "spaghetti"),
            ("пера", "penne"),
            ("ріжки", "elbows"),
            ("спіральки", "fusilli"),
            ("вермішель", "vermicelli"),
        ],
    ),
    flag("durum", "З твердих сортів пшениці", "Durum wheat"),
    text("salt_grind", "Помел", "Grind", &[("№0", "extra fine"), ("№1", "fine"), ("кам'яна", "rock")]),
    flag("iodized", "Йодована", "Iodized"),
    num("fat_milk", "Масова частка жиру", "Fat content", PCT, &[1.5, 2.5, 3.2, 3.5]),
    num("fat_butter", "Масова частка жиру", "Fat content", PCT, &[72.5, 73.0, 82.5]),
    int("fat_cheese", "Масова частка жиру в сухій речовині", "Fat in dry matter", PCT, &[30.0, 45.0, 50.0]),
    text(
        "juice_kind",
        "Вид соку",
        "Juice",
        &[
            ("яблучний", "apple"),
            ("апельсиновий", "orange"),
            ("томатний", "tomato"),
            ("мультифрукт", "multifruit"),
            ("виноградний", "grape"),
        ],
    ),
    text(
        "veg_can",
        "Вид",
        "Kind",
        &[
            ("горошок зелений", "green peas"),
            ("кукурудза цукрова", "sweet corn"),
            ("квасоля", "beans"),
            ("огірки мариновані", "pickled cucumbers"),
        ],
    ),
    text(
        "jam_kind",
        "Смак",
        "Flavour",
        &[("полуничний", "strawberry"), ("вишневий", "cherry"), ("абрикосовий", "apricot"), ("сливовий", "plum")],
    ),
    text(
        "grain",
        "Вид крупи",
        "Grain",
        &[
            ("гречана", "buckwheat"),
            ("пшенична", "wheat"),
            ("перлова", "pearl barley"),
            ("вівсяна", "oat"),
            ("кукурудзяна", "corn"),
        ],
    ),
    text(
        "rice_kind",
        "Вид рису",
        "Rice type",
        &[("круглозернистий", "round-grain"), ("довгозернистий", "long-grain"), ("пропарений", "parboiled")],
    ),
    text(
        "cut",
        "Частина туші",
        "Cut",
        &[("філе", "fillet"), ("гомілка", "drumstick"), ("стегно", "thigh"), ("крило", "wing")],
    ),
    text(
        "beef_cut",
        "Частина туші",
        "Cut",
        &[("лопатка", "shoulder"), ("грудинка", "brisket"), ("вирізка", "tenderloin"), ("фарш", "mince")],
    ),
    flag("frozen", "Заморожене", "Frozen"),
    text(
        "sausage",
        "Вид",
        "Kind",
        &[("варена", "cooked"), ("напівкопчена", "semi-smoked"), ("сирокопчена", "dry-cured")],
    ),
    text(
        "fish_kind",
        "Вид риби",
        "Fish",
        &[
            ("хек", "hake"),
            ("минтай", "pollock"),
            ("скумбрія", "mackerel"),
            ("оселедець", "herring"),
            ("сардина", "sardine"),
        ],
    ),
    int("glaze", "Вміст глазурі, не більше", "Glaze, at most", PCT, &[5.0, 10.0, 15.0]),
    text(
        "oil_kind",
        "Вид олії",
        "Oil",
        &[("соняшникова", "sunflower"), ("оливкова", "olive"), ("кукурудзяна", "corn"), ("ріпакова", "rapeseed")],
    ),
    flag("refined", "Рафінована", "Refined"),
    text(
        "water_kind",
        "Вид води",
        "Water type",
        &[("негазована", "still"), ("слабогазована", "lightly sparkling"), ("газована", "sparkling")],
    ),
    num("mineral", "Загальна мінералізація", "Total mineralisation", GPL, &[0.2, 0.5, 1.0, 3.0]),
    text(
        "drink_kind",
        "Смак",
        "Flavour",
        &[("лимон", "lemon"), ("апельсин", "orange"), ("кола", "cola"), ("груша", "pear")],
    ),
    text(
        "veg_kind",
        "Вид",
        "Kind",
        &[
            ("картопля", "potatoes"),
            ("морква", "carrots"),
            ("цибуля ріпчаста", "onions"),
            ("капуста білоголова", "white cabbage"),
            ("буряк столовий", "beetroot"),
        ],
    ),
    text(
        "fruit_kind",
        "Вид",
        "Kind",
        &[
            ("яблука", "apples"),
            ("груші", "pears"),
            ("банани", "bananas"),
            ("апельсини", "oranges"),
            ("лимони", "lemons"),
        ],
    ),
    text(
        "quality_class",
        "Товарний сорт",
        "Quality class",
        &[("екстра", "extra"), ("перший", "class I"), ("другий", "class II")],
    ),
    // Cleaning and hygiene
    text(
        "detergent_form",
        "Форма випуску",
        "Form",
        &[("порошок", "powder"), ("рідина", "liquid"), ("гель", "gel"), ("капсули", "capsules")],
    ),
    text(
        "fragrance",
        "Аромат",
        "Fragrance",
        &[
            ("лимон", "lemon"),
            ("лаванда", "lavender"),
            ("морська свіжість", "ocean breeze"),
            ("без аромату", "unscented"),
        ],
    ),
    flag("antibacterial", "Антибактеріальний", "Antibacterial"),
    flag("chlorine", "Містить хлор", "Contains chlorine"),
    int("alcohol", "Вміст спирту", "Alcohol content", PCT, &[60.0, 65.0, 70.0, 75.0, 80.0]),
    flag("dispenser", "З дозатором", "With dispenser"),
    text(
        "hair_type",
        "Тип волосся",
        "Hair type",
        &[("для всіх типів", "all hair types"), ("для жирного", "oily hair"), ("для сухого", "dry hair")],
    ),
    int("bag_volume", "Об'єм пакета", "Bag volume", LTR, &[35.0, 60.0, 120.0, 160.0, 240.0]),
    int("bag_thickness", "Товщина плівки", "Film thickness", MICRON, &[10.0, 15.0, 20.0, 30.0, 40.0]),
    int("bags_roll", "Кількість у рулоні", "Bags per roll", PCS, &[10.0, 20.0, 30.0, 50.0]),
    flag("ties", "Із затяжками", "With ties"),
    text(
        "active",
        "Діюча речовина",
        "Active ingredient",
        &[
            ("гліфосат", "glyphosate"),
            ("2,4-Д", "2,4-D"),
            ("імідаклоприд", "imidacloprid"),
            ("лямбда-цигалотрин", "lambda-cyhalothrin"),
        ],
    ),
    int(
        "concentration",
        "Концентрація діючої речовини",
        "Active ingredient concentration",
        GPL,
        &[50.0, 100.0, 200.0, 360.0, 480.0, 500.0],
    ),
    // Construction
    text(
        "cement_grade",
        "Марка цементу",
        "Cement grade",
        &[("ПЦ I-500", "CEM I 42.5"), ("ПЦ II/Б-400", "CEM II/B 32.5"), ("ПЦ II/А-500", "CEM II/A 42.5")],
    ),
    text(
        "brick_strength",
        "Марка міцності",
        "Strength grade",
        &[("М100", "M100"), ("М125", "M125"), ("М150", "M150"), ("М200", "M200")],
    ),
    text(
        "frost",
        "Морозостійкість",
        "Frost resistance",
        &[("F25", "F25"), ("F35", "F35"), ("F50", "F50"), ("F75", "F75")],
    ),
    flag("hollow", "Пустотіла", "Hollow"),
    text("paint_base", "Основа", "Base", &[("акрилова", "acrylic"), ("алкідна", "alkyd"), ("латексна", "latex")]),
    text(
        "finish",
        "Ступінь блиску",
        "Finish",
        &[("матова", "matt"), ("напівматова", "semi-matt"), ("глянцева", "gloss")],
    ),
    flag("interior", "Для внутрішніх робіт", "For interior use"),
    num("sheet_mm", "Товщина", "Thickness", MMT, &[6.0, 9.0, 12.0, 15.0, 18.0, 22.0]),
    text(
        "sheet_size",
        "Розмір листа",
        "Sheet size",
        &[
            ("2500×1250 мм", "2500×1250 mm"),
            ("2440×1220 мм", "2440×1220 mm"),
            ("2800×2070 мм", "2800×2070 mm"),
            ("1525×1525 мм", "1525×1525 mm"),
        ],
    ),
    flag("moisture", "Вологостійка", "Moisture resistant"),
    int("nail_len", "Довжина", "Length", MMT, &[30.0, 50.0, 70.0, 100.0, 120.0]),
    int("pipe_d", "Зовнішній діаметр", "Outer diameter", MMT, &[16.0, 20.0, 25.0, 32.0, 40.0, 50.0, 110.0]),
    text(
        "pipe_material",
        "Матеріал",
        "Material",
        &[("поліпропілен", "polypropylene"), ("ПВХ", "PVC"), ("сталь", "steel"), ("поліетилен", "polyethylene")],
    ),
    int("pressure", "Робочий тиск", "Working pressure", BAR, &[6.0, 10.0, 16.0, 20.0, 25.0]),
    int("length_m", "Довжина", "Length", MTR, &[2.0, 3.0, 4.0, 6.0, 12.0]),
    text("valve_thread", "Різьба", "Thread", &[("1/2″", "1/2″"), ("3/4″", "3/4″"), ("1″", "1″")]),
    num("hose_d", "Діаметр", "Diameter", INH, &[0.5, 0.75, 1.0]),
    int("hose_len", "Довжина", "Length", MTR, &[15.0, 20.0, 25.0, 30.0, 50.0]),
    text(
        "faucet_type",
        "Тип",
        "Type",
        &[("для умивальника", "basin"), ("для кухні", "kitchen"), ("для ванни", "bath")],
    ),
    text(
        "sanitary_material",
        "Матеріал",
        "Material",
        &[("санфаянс", "vitreous china"), ("санфарфор", "sanitary porcelain"), ("акрил", "acrylic")],
    ),
    int("basin_w", "Ширина", "Width", CMT, &[40.0, 50.0, 55.0, 60.0, 70.0]),
    // Tools
    text(
        "handle",
        "Матеріал руків'я",
        "Handle material",
        &[("дерево", "wood"), ("склопластик", "fibreglass"), ("метал", "metal")],
    ),
    int("blade_w", "Ширина полотна", "Blade width", MMT, &[180.0, 200.0, 210.0, 250.0]),
    int("set_pieces", "Кількість предметів", "Pieces in set", PCS, &[6.0, 12.0, 24.0, 40.0, 94.0]),
    int("tool_power", "Потужність", "Power", WTT, &[500.0, 650.0, 750.0, 900.0, 1200.0, 2000.0]),
    int("voltage", "Напруга", "Voltage", VLT, &[12.0, 18.0, 20.0, 230.0]),
    num("battery_ah", "Ємність акумулятора", "Battery capacity", AMH, &[1.5, 2.0, 4.0, 5.0]),
    flag("cordless", "Акумуляторний", "Cordless"),
    // Clothing and footwear
    text("height", "Зріст", "Height", &[("158-164", "158-164"), ("170-176", "170-176"), ("182-188", "182-188")]),
    int("fabric_density", "Щільність тканини", "Fabric weight", GSM, &[160.0, 200.0, 240.0, 260.0, 300.0]),
    flag("reflective", "Світловідбивні елементи", "Reflective tape"),
    flag("water_repellent", "Водовідштовхувальне просочення", "Water-repellent"),
    flag("insulated", "Утеплене", "Insulated"),
    int("shoe_size", "Розмір", "Size", ONE, &[38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0]),
    flag("toe_cap", "Захисний підносок", "Protective toe cap"),
    text("sole", "Підошва", "Sole", &[("ПУ", "PU"), ("ПУ/ТПУ", "PU/TPU"), ("гума", "rubber"), ("нітрил", "nitrile")]),
    text(
        "upper",
        "Матеріал верху",
        "Upper material",
        &[("натуральна шкіра", "leather"), ("текстиль", "textile"), ("штучна шкіра", "synthetic leather")],
    ),
    text(
        "glove_coating",
        "Покриття",
        "Coating",
        &[
            ("латексне", "latex"),
            ("нітрилове", "nitrile"),
            ("ПВХ крапка", "PVC dots"),
            ("поліуретанове", "polyurethane"),
        ],
    ),
    // Safety
    text(
        "extinguisher",
        "Тип вогнегасника",
        "Extinguisher type",
        &[("порошковий", "powder"), ("вуглекислотний", "CO₂"), ("водопінний", "foam")],
    ),
    num("charge_kg", "Маса заряду", "Charge mass", KGM, &[1.0, 2.0, 3.0, 5.0, 6.0, 9.0]),
    text("resp_class", "Клас захисту", "Protection class", &[("FFP1", "FFP1"), ("FFP2", "FFP2"), ("FFP3", "FFP3")]),
    flag("valve", "З клапаном видиху", "Exhalation valve"),
    text("lens", "Лінза", "Lens", &[("прозора", "clear"), ("тонована", "tinted"), ("жовта", "yellow")]),
    flag("anti_fog", "Протизапотівне покриття", "Anti-fog coating"),
    // Furniture
    text(
        "upholstery",
        "Оббивка",
        "Upholstery",
        &[("тканина", "fabric"), ("екошкіра", "faux leather"), ("сітка", "mesh")],
    ),
    flag("armrests", "Підлокітники", "Armrests"),
    flag("stackable", "Штабельований", "Stackable"),
    int("width_mm", "Ширина", "Width", MMT, &[600.0, 800.0, 1000.0, 1200.0, 1400.0, 1600.0]),
    int("depth_mm", "Глибина", "Depth", MMT, &[400.0, 500.0, 600.0, 700.0, 800.0]),
    int("height_mm", "Висота", "Height", MMT, &[750.0, 1800.0, 2000.0, 2200.0]),
    text(
        "board",
        "Матеріал",
        "Material",
        &[("ДСП", "chipboard"), ("МДФ", "MDF"), ("метал", "metal"), ("масив дерева", "solid wood")],
    ),
    int("shelves", "Кількість полиць", "Number of shelves", PCS, &[3.0, 4.0, 5.0, 6.0]),
    flag("lock", "З замком", "Lockable"),
    // Household
    num("capacity_l", "Об'єм", "Capacity", LTR, &[1.5, 2.0, 3.0, 5.0, 10.0, 20.0]),
    text(
        "cookware",
        "Матеріал",
        "Material",
        &[
            ("нержавіюча сталь", "stainless steel"),
            ("алюміній", "aluminium"),
            ("чавун", "cast iron"),
            ("емальована сталь", "enamelled steel"),
        ],
    ),
    flag("induction", "Для індукційних плит", "Induction compatible"),
    text("disposable", "Матеріал", "Material", &[("пластик", "plastic"), ("папір", "paper"), ("картон", "cardboard")]),
    text(
        "brush_kind",
        "Вид",
        "Kind",
        &[("швабра", "mop"), ("віник", "broom"), ("щітка", "brush"), ("совок", "dustpan")],
    ),
    int("bin_l", "Об'єм", "Capacity", LTR, &[10.0, 20.0, 50.0, 120.0, 240.0]),
    flag("pedal", "З педаллю", "Pedal-operated"),
    // Appliances
    int("power_w", "Потужність", "Power", WTT, &[1000.0, 1500.0, 1800.0, 2000.0, 2200.0, 2400.0]),
    num("kettle_l", "Об'єм", "Capacity", LTR, &[1.0, 1.5, 1.7, 2.0]),
    text(
        "energy_class",
        "Клас енергоефективності",
        "Energy class",
        &[("A+++", "A+++"), ("A++", "A++"), ("A+", "A+"), ("A", "A")],
    ),
    int("fridge_l", "Загальний об'єм", "Total volume", LTR, &[90.0, 200.0, 260.0, 300.0, 350.0]),
    flag("no_frost", "No Frost", "No Frost"),
    num("cooling_kw", "Холодопродуктивність", "Cooling capacity", KWT, &[2.1, 2.6, 3.5, 5.3, 7.0]),
    flag("inverter", "Інверторний", "Inverter"),
    int("room_area", "Площа приміщення", "Room area", MTK, &[20.0, 25.0, 35.0, 50.0, 70.0]),
    int("boiler_l", "Об'єм бака", "Tank volume", LTR, &[10.0, 30.0, 50.0, 80.0, 100.0]),
    text("vacuum_kind", "Тип прибирання", "Cleaning type", &[("сухе", "dry"), ("сухе та вологе", "dry and wet")]),
    text(
        "dust_box",
        "Пилозбірник",
        "Dust collector",
        &[("мішок", "bag"), ("контейнер", "container"), ("аквафільтр", "water filter")],
    ),
    // Lighting and electrical
    int("lamp_w", "Потужність", "Power", WTT, &[5.0, 7.0, 10.0, 12.0, 15.0, 18.0, 36.0]),
    int("flux", "Світловий потік", "Luminous flux", LUM, &[450.0, 600.0, 800.0, 1000.0, 1500.0, 3600.0]),
    int("color_temp", "Колірна температура", "Colour temperature", KEL, &[2700.0, 3000.0, 4000.0, 6500.0]),
    text(
        "socket",
        "Цоколь",
        "Lamp base",
        &[("E27", "E27"), ("E14", "E14"), ("GU10", "GU10"), ("G13 (T8)", "G13 (T8)")],
    ),
    text(
        "ip",
        "Ступінь захисту",
        "Ingress protection",
        &[("IP20", "IP20"), ("IP40", "IP40"), ("IP44", "IP44"), ("IP54", "IP54"), ("IP65", "IP65")],
    ),
    num("section", "Переріз жили", "Conductor cross-section", MMK, &[0.75, 1.5, 2.5, 4.0, 6.0]),
    int("cores", "Кількість жил", "Number of cores", ONE, &[2.0, 3.0, 4.0, 5.0]),
    int("cable_len", "Довжина в бухті", "Coil length", MTR, &[50.0, 100.0, 200.0]),
    text(
        "cable_brand",
        "Марка кабелю",
        "Cable type",
        &[("ВВГнг", "VVGng"), ("ПВС", "PVS"), ("ШВВП", "ShVVP"), ("NYM", "NYM")],
    ),
    int("breaker_a", "Номінальний струм", "Rated current", AMP, &[6.0, 10.0, 16.0, 25.0, 32.0, 40.0, 63.0]),
    int("poles", "Кількість полюсів", "Poles", ONE, &[1.0, 2.0, 3.0]),
    text("curve", "Характеристика спрацювання", "Tripping curve", &[("B", "B"), ("C", "C"), ("D", "D")]),
    int("outlets", "Кількість розеток", "Outlets", PCS, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
    flag("grounding", "Із заземленням", "Grounded"),
    int("cord_m", "Довжина шнура", "Cord length", MTR, &[2.0, 3.0, 5.0, 10.0]),
    text(
        "battery_size",
        "Типорозмір",
        "Size",
        &[("AA", "AA"), ("AAA", "AAA"), ("C", "C"), ("D", "D"), ("9V (Крона)", "9V")],
    ),
    int("battery_count", "Кількість в упаковці", "Cells per pack", PCS, &[2.0, 4.0, 8.0, 10.0, 24.0]),
    // Audio-visual
    flag("smart_tv", "Smart TV", "Smart TV"),
    int("hdmi", "Кількість портів HDMI", "HDMI ports", PCS, &[2.0, 3.0, 4.0]),
    int("projector_lm", "Яскравість", "Brightness", LUM, &[3000.0, 3600.0, 4000.0, 5000.0]),
    text(
        "projector_res",
        "Роздільна здатність",
        "Resolution",
        &[("1024×768", "1024×768"), ("1280×800", "1280×800"), ("1920×1080", "1920×1080")],
    ),
    int("speaker_w", "Вихідна потужність", "Output power", WTT, &[10.0, 20.0, 40.0, 60.0, 120.0]),
    flag("bluetooth", "Bluetooth", "Bluetooth"),
    // Tyres
    text(
        "tyre_size",
        "Типорозмір",
        "Tyre size",
        &[
            ("175/70 R13", "175/70 R13"),
            ("185/65 R15", "185/65 R15"),
            ("195/65 R15", "195/65 R15"),
            ("205/55 R16", "205/55 R16"),
            ("215/65 R16", "215/65 R16"),
        ],
    ),
    text(
        "truck_tyre",
        "Типорозмір",
        "Tyre size",
        &[("215/75 R17.5", "215/75 R17.5"), ("235/75 R17.5", "235/75 R17.5"), ("315/80 R22.5", "315/80 R22.5")],
    ),
    text("season", "Сезонність", "Season", &[("літні", "summer"), ("зимові", "winter"), ("всесезонні", "all-season")]),
    int("load_index", "Індекс навантаження", "Load index", ONE, &[82.0, 88.0, 91.0, 94.0, 98.0, 132.0, 154.0]),
    text(
        "speed_index",
        "Індекс швидкості",
        "Speed rating",
        &[("J", "J"), ("L", "L"), ("T", "T"), ("H", "H"), ("V", "V")],
    ),
    // Toys and textiles
    int("puzzle_pieces", "Кількість елементів", "Pieces", PCS, &[24.0, 60.0, 120.0, 500.0, 1000.0]),
    text("age", "Вік", "Age", &[("3+", "3+"), ("5+", "5+"), ("7+", "7+"), ("12+", "12+")]),
    text(
        "toy_material",
        "Матеріал",
        "Material",
        &[("пластик", "plastic"), ("дерево", "wood"), ("метал", "metal"), ("картон", "cardboard")],
    ),
    text("bed_size", "Розмір", "Size", &[("полуторний", "single"), ("двоспальний", "double"), ("євро", "euro")]),
    text(
        "towel_size",
        "Розмір",
        "Size",
        &[("40×70 см", "40×70 cm"), ("50×90 см", "50×90 cm"), ("70×140 см", "70×140 cm")],
    ),
];

/// The characteristic with this key (the tables are checked by a unit test).
pub fn attr(key: &str) -> &'static Attr {
    ATTRS.iter().find(|a| a.key == key).unwrap_or_else(|| panic!("unknown market attribute `{key}`"))
}

/// A category: a real CPV code, what one of its products is called, price range (UAH
/// per unit), unit of sale and characteristics (the first two non-boolean ones name
/// profiles and products).
#[derive(Debug, Clone, Copy)]
pub struct Cat {
    pub cpv: &'static str,
    pub uk: &'static str,
    pub en: &'static str,
    pub price: (f64, f64),
    pub unit: Unit,
    pub attrs: &'static [&'static str],
}

const fn c(
    cpv: &'static str,
    uk: &'static str,
    en: &'static str,
    price: (f64, f64),
    unit: Unit,
    attrs: &'static [&'static str],
) -> Cat {
    Cat { cpv, uk, en, price, unit, attrs }
}

/// A market classification: a real CPV group, the brands its products carry, whether
/// products have model numbers, and its categories.
#[derive(Debug, Clone, Copy)]
pub struct Kit {
    pub cpv: &'static str,
    pub brands: &'static [&'static str],
    pub models: bool,
    pub cats: &'static [Cat],
}

/// The catalogue skeleton: one market classification per kit.
pub static KITS: &[Kit] = &[
    Kit {
        cpv: "30190000",
        models: true,
        brands: &["Buromax", "Axent", "Economix", "Delta", "Optima", "Kores", "Leitz"],
        cats: &[
            c(
                "30197630",
                "Папір офісний",
                "Office paper",
                (160.0, 420.0),
                PACK,
                &["paper_format", "density", "sheets", "brightness"],
            ),
            c(
                "30192121",
                "Ручка кулькова",
                "Ballpoint pen",
                (6.0, 45.0),
                PCS,
                &["ink_color", "line_width", "pen_type", "country"],
            ),
            c("30192130", "Олівець графітний", "Graphite pencil", (4.0, 25.0), PCS, &["hardness", "eraser", "country"]),
            c("30192125", "Маркер", "Marker", (15.0, 60.0), PCS, &["ink_color", "line_width", "marker_tip"]),
            c("30197320", "Степлер", "Stapler", (60.0, 650.0), PCS, &["staple_size", "staple_cap", "color"]),
            c("30197110", "Скоби для степлера", "Staples", (8.0, 40.0), PACK, &["staple_size", "pack", "country"]),
            c("30197220", "Скріпки канцелярські", "Paper clips", (10.0, 45.0), PACK, &["clip_len", "pack", "color"]),
            c(
                "30191400",
                "Знищувач документів",
                "Paper shredder",
                (2500.0, 18000.0),
                PCS,
                &["shred_sheets", "shred_level", "warranty"],
            ),
        ],
    },
    Kit {
        cpv: "30199000",
        models: false,
        brands: &["Navigator", "Double A", "Svetocopy", "Maestro", "Ballet", "Buromax", "Axent"],
        cats: &[
            c(
                "30199230",
                "Конверти поштові",
                "Postal envelopes",
                (60.0, 350.0),
                PACK,
                &["paper_format", "pack", "color"],
            ),
            c("30199500", "Бокс для паперів", "Document box", (45.0, 220.0), PCS, &["spine", "color", "cover"]),
            c(
                "30199600",
                "Розділювачі сторінок",
                "Index dividers",
                (25.0, 120.0),
                PACK,
                &["paper_format", "pack", "color"],
            ),
        ],
    },
    Kit {
        cpv: "22800000",
        models: false,
        brands: &["Школярик", "Зошитова фабрика", "Axent", "Buromax", "Economix", "Птах"],
        cats: &[
            c("22830000", "Зошит учнівський", "School notebook", (5.0, 60.0), PCS, &["nb_sheets", "ruling", "cover"]),
            c("22816100", "Блокнот", "Notepad", (20.0, 180.0), PCS, &["paper_format", "nb_sheets", "ruling", "cover"]),
            c("22851000", "Швидкозшивач", "Binder folder", (4.0, 30.0), PCS, &["paper_format", "cover", "color"]),
            c(
                "22810000",
                "Журнал реєстрації",
                "Register book",
                (40.0, 220.0),
                PCS,
                &["paper_format", "nb_sheets", "cover"],
            ),
        ],
    },
    Kit {
        cpv: "30230000",
        models: true,
        brands: &["Dell", "HP", "Lenovo", "Samsung", "LG", "Philips", "Logitech", "Kingston", "Canon"],
        cats: &[
            c(
                "30231310",
                "Монітор",
                "Monitor",
                (4200.0, 22000.0),
                PCS,
                &["screen", "resolution", "panel", "refresh", "warranty"],
            ),
            c(
                "30232110",
                "Принтер лазерний",
                "Laser printer",
                (5200.0, 28000.0),
                PCS,
                &["print_speed", "color_print", "duplex", "wifi", "warranty"],
            ),
            c(
                "30233180",
                "Флеш-накопичувач",
                "USB flash drive",
                (180.0, 1400.0),
                PCS,
                &["flash_cap", "usb", "warranty"],
            ),
            c("30237460", "Клавіатура", "Keyboard", (350.0, 3500.0), PCS, &["layout", "wireless", "color"]),
            c("30237410", "Миша комп'ютерна", "Computer mouse", (180.0, 2500.0), PCS, &["dpi", "wireless", "color"]),
        ],
    },
    Kit {
        cpv: "30210000",
        models: true,
        brands: &["Dell", "HP", "Lenovo", "ASUS", "Acer", "Apple", "Samsung", "Epson"],
        cats: &[
            c(
                "30213100",
                "Ноутбук",
                "Laptop",
                (18000.0, 85000.0),
                PCS,
                &["screen_laptop", "cpu", "ram", "storage", "os", "warranty"],
            ),
            c(
                "30213300",
                "Комп'ютер персональний",
                "Desktop computer",
                (16000.0, 65000.0),
                PCS,
                &["cpu", "ram", "storage", "os", "warranty"],
            ),
            c("30213200", "Планшет", "Tablet", (6500.0, 42000.0), PCS, &["screen_tab", "ram", "storage", "wifi"]),
            c("30216110", "Сканер", "Scanner", (3800.0, 32000.0), PCS, &["scan_dpi", "adf", "duplex", "warranty"]),
        ],
    },
    Kit {
        cpv: "30120000",
        models: true,
        brands: &["HP", "Canon", "Xerox", "Brother", "Kyocera", "Ricoh", "Pantum"],
        cats: &[
            c(
                "30121420",
                "Багатофункціональний пристрій",
                "Multifunction printer",
                (7500.0, 65000.0),
                PCS,
                &["print_speed", "color_print", "duplex", "wifi", "warranty"],
            ),
            c(
                "30125100",
                "Картридж тонерний",
                "Toner cartridge",
                (650.0, 6500.0),
                PCS,
                &["page_yield", "toner_color", "original"],
            ),
            c("30124300", "Драм-картридж", "Drum unit", (900.0, 7800.0), PCS, &["page_yield", "original", "country"]),
        ],
    },
    Kit {
        cpv: "30140000",
        models: true,
        brands: &["Casio", "Citizen", "Brilliant", "Assistant", "Optima"],
        cats: &[c(
            "30141200",
            "Калькулятор настільний",
            "Desktop calculator",
            (180.0, 1600.0),
            PCS,
            &["calc_digits", "color", "warranty"],
        )],
    },
    Kit {
        cpv: "33140000",
        models: false,
        brands: &["Medicare", "Hartmann", "Igar", "BD", "Vogt Medical", "Mercator", "Білосніжка"],
        cats: &[
            c("33141310", "Шприц ін'єкційний", "Syringe", (1.5, 14.0), PCS, &["syringe_vol", "needle", "sterile"]),
            c("33141113", "Бинт марлевий", "Gauze bandage", (8.0, 45.0), PCS, &["bandage_w", "bandage_l", "sterile"]),
            c(
                "33141112",
                "Пластир медичний",
                "Medical plaster",
                (12.0, 95.0),
                PCS,
                &["plaster_base", "hypoallergenic", "bandage_w"],
            ),
            c(
                "33141115",
                "Вата медична",
                "Medical cotton wool",
                (20.0, 140.0),
                PCS,
                &["weight_g", "sterile", "country"],
            ),
            c(
                "33141420",
                "Рукавички хірургічні",
                "Surgical gloves",
                (9.0, 48.0),
                PAIR,
                &["glove_size", "glove_material", "latex_free", "powder_free", "sterile"],
            ),
        ],
    },
    Kit {
        cpv: "33190000",
        models: true,
        brands: &["Ortoprofil", "Armed", "Invacare", "Meyra", "Медпром", "Юнітекс"],
        cats: &[
            c(
                "33192120",
                "Ліжко лікарняне",
                "Hospital bed",
                (9500.0, 95000.0),
                PCS,
                &["sections", "max_load", "warranty"],
            ),
            c(
                "33193120",
                "Візок інвалідний",
                "Wheelchair",
                (4800.0, 45000.0),
                PCS,
                &["seat_width", "max_load", "foldable"],
            ),
            c(
                "33196000",
                "Аптечка першої допомоги",
                "First aid kit",
                (250.0, 2400.0),
                PCS,
                &["kit_type", "color", "country"],
            ),
            c(
                "33199000",
                "Костюм медичний",
                "Medical scrubs",
                (450.0, 1900.0),
                SET,
                &["clothing_size", "fabric", "color"],
            ),
        ],
    },
    Kit {
        cpv: "33120000",
        models: true,
        brands: &["Omron", "Microlife", "Beurer", "AND", "Paramed"],
        cats: &[c(
            "33123100",
            "Тонометр",
            "Blood pressure monitor",
            (650.0, 4500.0),
            PCS,
            &["bp_type", "cuff", "warranty"],
        )],
    },
    Kit {
        cpv: "38410000",
        models: true,
        brands: &["Omron", "Microlife", "Beurer", "Medica+", "Testo"],
        cats: &[c(
            "38412000",
            "Термометр",
            "Thermometer",
            (90.0, 2400.0),
            PCS,
            &["thermo_type", "accuracy", "warranty"],
        )],
    },
    Kit {
        cpv: "33760000",
        models: false,
        brands: &["Кохавинка", "Papero", "Ruta", "Zewa", "Grite", "Diva", "Obolon"],
        cats: &[
            c(
                "33761000",
                "Папір туалетний",
                "Toilet paper",
                (8.0, 220.0),
                PACK,
                &["ply", "roll_len", "rolls", "recycled"],
            ),
            c("33763000", "Рушники паперові", "Paper towels", (25.0, 320.0), PACK, &["ply", "rolls", "recycled"]),
            c("33764000", "Серветки паперові", "Paper napkins", (18.0, 95.0), PACK, &["napkin_size", "ply", "pack"]),
            c("33762000", "Хустинки паперові", "Paper tissues", (6.0, 60.0), PACK, &["ply", "pack", "country"]),
        ],
    },
    Kit {
        cpv: "09130000",
        models: false,
        brands: &["WOG", "OKKO", "UPG", "SOCAR", "KLO", "БРСМ-Нафта", "Авіас"],
        cats: &[
            c("09132100", "Бензин", "Petrol", (52.0, 64.0), LTR, &["fuel_grade", "euro_class", "coupon"]),
            c("09134220", "Паливо дизельне", "Diesel fuel", (50.0, 62.0), LTR, &["cfpp", "sulfur", "cetane", "coupon"]),
            c(
                "09133000",
                "Газ скраплений",
                "Liquefied petroleum gas",
                (28.0, 38.0),
                LTR,
                &["lpg_mix", "coupon", "country"],
            ),
        ],
    },
    Kit {
        cpv: "09210000",
        models: false,
        brands: &["Shell", "Castrol", "Mobil", "Total", "Liqui Moly", "Orlen", "Агрінол"],
        cats: &[c("09211100", "Олива моторна", "Motor oil", (320.0, 2900.0), PCS, &["viscosity", "oil_base", "can_l"])],
    },
    Kit {
        cpv: "15800000",
        models: false,
        brands: &["Галка", "Roshen", "Світоч", "Жмеринка", "Extra", "Ahmad Tea", "Jacobs", "Чумак", "Savex"],
        cats: &[
            c("15831200", "Цукор білий", "White sugar", (28.0, 1450.0), PCS, &["weight_kg", "grade", "dstu"]),
            c("15842220", "Шоколад чорний", "Dark chocolate", (35.0, 180.0), PCS, &["cocoa", "weight_g", "sugar_free"]),
            c("15851100", "Макаронні вироби", "Pasta", (28.0, 130.0), PCS, &["pasta_shape", "weight_g", "durum"]),
            c("15863000", "Чай", "Tea", (45.0, 320.0), PCS, &["tea_kind", "tea_bags", "country"]),
            c("15861000", "Кава", "Coffee", (150.0, 1200.0), PCS, &["coffee_kind", "weight_g", "country"]),
            c("15872400", "Сіль кухонна", "Table salt", (9.0, 45.0), PCS, &["salt_grind", "iodized", "weight_kg"]),
        ],
    },
    Kit {
        cpv: "15500000",
        models: false,
        brands: &["Галичина", "Яготинське", "Ферма", "Простоквашино", "Президент", "Комо", "Звенигора"],
        cats: &[
            c(
                "15511100",
                "Молоко пастеризоване",
                "Pasteurised milk",
                (28.0, 70.0),
                PCS,
                &["fat_milk", "volume_l", "package", "shelf"],
            ),
            c("15530000", "Масло вершкове", "Butter", (60.0, 160.0), PCS, &["fat_butter", "weight_g", "dstu"]),
            c("15544000", "Сир твердий", "Hard cheese", (320.0, 720.0), KGM, &["fat_cheese", "weight_kg", "dstu"]),
            c(
                "15551310",
                "Йогурт натуральний",
                "Natural yogurt",
                (25.0, 85.0),
                PCS,
                &["fat_milk", "weight_g", "shelf"],
            ),
        ],
    },
    Kit {
        cpv: "15300000",
        models: false,
        brands: &["Sandora", "Galicia", "Наш Сік", "Верес", "Бондюель", "Торчин", "Vitmark"],
        cats: &[
            c(
                "15321000",
                "Сік фруктовий",
                "Fruit juice",
                (30.0, 120.0),
                PCS,
                &["juice_kind", "volume_l", "sugar_free"],
            ),
            c("15331460", "Консерви овочеві", "Canned vegetables", (28.0, 95.0), PCS, &["veg_can", "weight_g", "dstu"]),
            c("15332290", "Джем", "Jam", (45.0, 160.0), PCS, &["jam_kind", "weight_g", "country"]),
        ],
    },
    Kit {
        cpv: "15600000",
        models: false,
        brands: &["Хуторок", "Київмлин", "Козуб", "Сквирянка", "Розумний вибір", "Жменька"],
        cats: &[
            c("15612100", "Борошно пшеничне", "Wheat flour", (24.0, 1250.0), PCS, &["grade", "weight_kg", "dstu"]),
            c("15614000", "Рис", "Rice", (45.0, 1800.0), PCS, &["rice_kind", "weight_kg", "grade"]),
            c("15613000", "Крупа", "Cereal grits", (28.0, 1500.0), PCS, &["grain", "weight_kg", "grade"]),
            c(
                "15613310",
                "Пластівці для сніданку",
                "Breakfast cereal",
                (40.0, 180.0),
                PCS,
                &["grain", "weight_g", "sugar_free"],
            ),
        ],
    },
    Kit {
        cpv: "15100000",
        models: false,
        brands: &["Наша Ряба", "Глобино", "Алан", "Бащинський", "Ятрань", "Дмитрук"],
        cats: &[
            c("15112130", "М'ясо курки", "Chicken meat", (95.0, 260.0), KGM, &["cut", "frozen", "dstu"]),
            c("15111100", "Яловичина", "Beef", (280.0, 520.0), KGM, &["beef_cut", "frozen", "dstu"]),
            c("15131130", "Ковбаса", "Sausage", (180.0, 650.0), KGM, &["sausage", "weight_g", "dstu"]),
        ],
    },
    Kit {
        cpv: "15200000",
        models: false,
        brands: &["Аквамарин", "Veladis", "Водний світ", "Flagman", "Морська лінія"],
        cats: &[
            c("15220000", "Риба морожена", "Frozen fish", (110.0, 380.0), KGM, &["fish_kind", "glaze", "weight_kg"]),
            c("15240000", "Консерви рибні", "Canned fish", (45.0, 160.0), PCS, &["fish_kind", "weight_g", "dstu"]),
        ],
    },
    Kit {
        cpv: "15400000",
        models: false,
        brands: &["Щедрий Дар", "Олейна", "Чумак", "Руна", "Borges", "Золота Сімка"],
        cats: &[
            c("15411100", "Олія", "Cooking oil", (55.0, 520.0), PCS, &["oil_kind", "refined", "volume_l"]),
            c("15411200", "Жир харчовий", "Cooking fat", (45.0, 180.0), PCS, &["weight_g", "dstu", "country"]),
        ],
    },
    Kit {
        cpv: "15900000",
        models: false,
        brands: &[
            "Моршинська",
            "Миргородська",
            "Бонаква",
            "Поляна Квасова",
            "Оболонь",
            "Живчик",
            "Карпатська джерельна",
        ],
        cats: &[
            c(
                "15981000",
                "Вода мінеральна",
                "Mineral water",
                (12.0, 75.0),
                PCS,
                &["water_kind", "volume_l", "mineral"],
            ),
            c(
                "15982000",
                "Напій безалкогольний",
                "Soft drink",
                (18.0, 70.0),
                PCS,
                &["drink_kind", "volume_l", "sugar_free"],
            ),
        ],
    },
    Kit {
        cpv: "03220000",
        models: false,
        brands: &[
            "Фермерське господарство «Врожай»",
            "Агрофірма «Поділля»",
            "ФГ «Зелений гай»",
            "Садиба «Яблуневий цвіт»",
        ],
        cats: &[
            c(
                "03221000",
                "Овочі свіжі",
                "Fresh vegetables",
                (12.0, 60.0),
                KGM,
                &["veg_kind", "quality_class", "country"],
            ),
            c(
                "03222000",
                "Фрукти свіжі",
                "Fresh fruit",
                (28.0, 120.0),
                KGM,
                &["fruit_kind", "quality_class", "country"],
            ),
        ],
    },
    Kit {
        cpv: "39830000",
        models: false,
        brands: &["Gala", "Fairy", "Persil", "Domestos", "Mr. Proper", "Sarma", "Ariel", "Pro Service"],
        cats: &[
            c(
                "39831200",
                "Засіб для прання",
                "Laundry detergent",
                (90.0, 850.0),
                PCS,
                &["detergent_form", "weight_kg", "fragrance"],
            ),
            c(
                "39832000",
                "Засіб для миття посуду",
                "Dishwashing liquid",
                (35.0, 320.0),
                PCS,
                &["volume_l", "fragrance", "antibacterial"],
            ),
            c(
                "39831600",
                "Засіб для чищення унітазів",
                "Toilet cleaner",
                (40.0, 180.0),
                PCS,
                &["volume_l", "chlorine", "fragrance"],
            ),
            c(
                "39831300",
                "Засіб для миття підлоги",
                "Floor cleaner",
                (45.0, 260.0),
                PCS,
                &["volume_l", "fragrance", "antibacterial"],
            ),
        ],
    },
    Kit {
        cpv: "33710000",
        models: false,
        brands: &["Dove", "Palmolive", "Своя лінія", "Шаума", "Чиста лінія", "Protex", "Natura Siberica"],
        cats: &[
            c(
                "33711900",
                "Мило рідке",
                "Liquid soap",
                (35.0, 320.0),
                PCS,
                &["volume_l", "antibacterial", "dispenser", "fragrance"],
            ),
            c("33711610", "Шампунь", "Shampoo", (60.0, 380.0), PCS, &["hair_type", "volume_l", "country"]),
            c(
                "33711500",
                "Крем для рук",
                "Hand cream",
                (40.0, 260.0),
                PCS,
                &["weight_g", "hypoallergenic", "fragrance"],
            ),
        ],
    },
    Kit {
        cpv: "24450000",
        models: false,
        brands: &["Бланідас", "Септодор", "Дезомакс", "Syngenta", "BASF", "Bayer", "Укравіт"],
        cats: &[
            c(
                "24455000",
                "Засіб дезінфекційний",
                "Disinfectant",
                (60.0, 950.0),
                PCS,
                &["alcohol", "volume_l", "dispenser"],
            ),
            c("24453000", "Гербіцид", "Herbicide", (380.0, 4800.0), PCS, &["active", "concentration", "can_l"]),
            c("24452000", "Інсектицид", "Insecticide", (250.0, 5200.0), PCS, &["active", "concentration", "can_l"]),
        ],
    },
    Kit {
        cpv: "19640000",
        models: false,
        brands: &["Фреш Пак", "Paclan", "Добра Господарочка", "Tiko-Pak", "Ecopack"],
        cats: &[c(
            "19640000",
            "Пакети для сміття",
            "Garbage bags",
            (25.0, 220.0),
            ROLL,
            &["bag_volume", "bag_thickness", "bags_roll", "ties"],
        )],
    },
    Kit {
        cpv: "44110000",
        models: false,
        brands: &[
            "Кривий Ріг Цемент",
            "Івано-Франківськцемент",
            "Дюкерхоф",
            "Ceresit",
            "Kreisel",
            "Снєжка",
            "Євроцегла",
        ],
        cats: &[
            c("44111200", "Цемент", "Cement", (150.0, 360.0), PCS, &["cement_grade", "weight_kg", "dstu"]),
            c("44111100", "Цегла керамічна", "Ceramic brick", (8.0, 32.0), PCS, &["brick_strength", "frost", "hollow"]),
            c(
                "44111400",
                "Фарба водоемульсійна",
                "Water-based paint",
                (180.0, 2900.0),
                PCS,
                &["paint_base", "finish", "can_l", "interior"],
            ),
        ],
    },
    Kit {
        cpv: "44190000",
        models: false,
        brands: &["Kronospan", "Egger", "Swisspan", "Коростенський МДФ", "Оріана", "Metalvis"],
        cats: &[
            c("44191100", "Фанера", "Plywood", (450.0, 2400.0), PCS, &["sheet_mm", "sheet_size", "moisture"]),
            c("44191300", "Плита ДСП", "Chipboard", (550.0, 2100.0), PCS, &["sheet_mm", "sheet_size", "moisture"]),
            c(
                "44192200",
                "Цвяхи будівельні",
                "Construction nails",
                (45.0, 420.0),
                PCS,
                &["nail_len", "weight_kg", "country"],
            ),
        ],
    },
    Kit {
        cpv: "44160000",
        models: true,
        brands: &["Wavin", "Ekoplastik", "Valtec", "FV-Plast", "Kalde", "Icma", "Presto"],
        cats: &[
            c("44163100", "Труба", "Pipe", (45.0, 1600.0), PCS, &["pipe_d", "pipe_material", "pressure", "length_m"]),
            c("44167000", "Кран кульовий", "Ball valve", (90.0, 1200.0), PCS, &["valve_thread", "pressure", "country"]),
            c(
                "44165100",
                "Шланг поливальний",
                "Garden hose",
                (250.0, 2200.0),
                PCS,
                &["hose_d", "hose_len", "pressure"],
            ),
        ],
    },
    Kit {
        cpv: "44410000",
        models: true,
        brands: &["Grohe", "Hansgrohe", "Cersanit", "Kolo", "Imprese", "Qtap", "Zerix"],
        cats: &[
            c("44411100", "Змішувач", "Mixer tap", (650.0, 9800.0), PCS, &["faucet_type", "warranty", "country"]),
            c(
                "44411300",
                "Умивальник",
                "Washbasin",
                (900.0, 7500.0),
                PCS,
                &["basin_w", "sanitary_material", "warranty"],
            ),
            c(
                "44411700",
                "Унітаз-компакт",
                "Close-coupled toilet",
                (3200.0, 14500.0),
                PCS,
                &["sanitary_material", "warranty", "country"],
            ),
        ],
    },
    Kit {
        cpv: "44510000",
        models: true,
        brands: &["Fiskars", "Gardena", "Intertool", "Stanley", "Topex", "Master Tool", "Vitals"],
        cats: &[
            c("44511100", "Лопата", "Shovel", (180.0, 1800.0), PCS, &["blade_w", "handle", "country"]),
            c("44511200", "Вила садові", "Garden fork", (220.0, 1400.0), PCS, &["handle", "country"]),
            c(
                "44512000",
                "Набір інструментів",
                "Tool set",
                (450.0, 9800.0),
                SET,
                &["set_pieces", "warranty", "country"],
            ),
            c("44512900", "Набір свердел", "Drill bit set", (120.0, 1900.0), SET, &["set_pieces", "country"]),
        ],
    },
    Kit {
        cpv: "42650000",
        models: true,
        brands: &["Bosch", "Makita", "DeWalt", "Metabo", "Dnipro-M", "Einhell", "Ryobi"],
        cats: &[c(
            "42652000",
            "Дриль-шурупокрут",
            "Drill driver",
            (1800.0, 14500.0),
            PCS,
            &["voltage", "battery_ah", "cordless", "warranty"],
        )],
    },
    Kit {
        cpv: "18100000",
        models: false,
        brands: &["Технолог", "Ardon", "Dimex", "Fortis", "Sizam", "Standart Plus"],
        cats: &[
            c(
                "18130000",
                "Костюм робочий",
                "Work suit",
                (850.0, 4200.0),
                SET,
                &["clothing_size", "height", "fabric", "fabric_density", "reflective"],
            ),
            c(
                "18110000",
                "Куртка формена",
                "Uniform jacket",
                (1200.0, 5600.0),
                PCS,
                &["clothing_size", "fabric", "insulated", "water_repellent"],
            ),
            c(
                "18141000",
                "Рукавиці робочі",
                "Work gloves",
                (18.0, 160.0),
                PAIR,
                &["glove_size", "glove_coating", "country"],
            ),
        ],
    },
    Kit {
        cpv: "18800000",
        models: true,
        brands: &["Ardon", "Талан", "Dimex", "Kapriz", "Uvex", "Cofra", "Модерн"],
        cats: &[
            c(
                "18830000",
                "Черевики робочі",
                "Work boots",
                (950.0, 4800.0),
                PAIR,
                &["shoe_size", "toe_cap", "sole", "upper", "insulated"],
            ),
            c("18820000", "Кросівки", "Trainers", (800.0, 4500.0), PAIR, &["shoe_size", "upper", "color"]),
            c(
                "18810000",
                "Черевики повсякденні",
                "Casual boots",
                (900.0, 3900.0),
                PAIR,
                &["shoe_size", "upper", "insulated"],
            ),
        ],
    },
    Kit {
        cpv: "35110000",
        models: true,
        brands: &["Вогнеборець", "ОП-Україна", "3M", "Uvex", "Мікрон", "Honeywell"],
        cats: &[
            c(
                "35111300",
                "Вогнегасник",
                "Fire extinguisher",
                (480.0, 4200.0),
                PCS,
                &["extinguisher", "charge_kg", "country"],
            ),
            c("35113400", "Респіратор", "Respirator", (25.0, 450.0), PCS, &["resp_class", "valve", "pack"]),
            c("35113000", "Окуляри захисні", "Safety glasses", (80.0, 950.0), PCS, &["lens", "anti_fog", "country"]),
        ],
    },
    Kit {
        cpv: "39110000",
        models: true,
        brands: &["Новий Стиль", "AMF", "Special4You", "Barsky", "Richman", "Nowy Styl", "Примтекс Плюс"],
        cats: &[
            c(
                "39111100",
                "Крісло офісне",
                "Office chair",
                (1800.0, 16500.0),
                PCS,
                &["upholstery", "max_load", "armrests", "warranty"],
            ),
            c("39112000", "Стілець", "Chair", (650.0, 4200.0), PCS, &["upholstery", "stackable", "max_load"]),
        ],
    },
    Kit {
        cpv: "39120000",
        models: true,
        brands: &["Меблі Сервіс", "Еверест", "Luxdom", "Феліче", "Дніпро-Меблі", "Сокме"],
        cats: &[
            c("39121100", "Стіл письмовий", "Desk", (2200.0, 14500.0), PCS, &["width_mm", "depth_mm", "board"]),
            c(
                "39122200",
                "Шафа книжкова",
                "Bookcase",
                (3200.0, 18000.0),
                PCS,
                &["height_mm", "shelves", "board", "lock"],
            ),
            c(
                "39122000",
                "Шафа для документів",
                "Filing cabinet",
                (3400.0, 16000.0),
                PCS,
                &["height_mm", "shelves", "board", "lock"],
            ),
        ],
    },
    Kit {
        cpv: "39220000",
        models: true,
        brands: &["Tefal", "Ringel", "Krauff", "Gipfel", "Vinzer", "Biol", "Aleana", "York"],
        cats: &[
            c("39221110", "Каструля", "Saucepan", (450.0, 4800.0), PCS, &["capacity_l", "cookware", "induction"]),
            c(
                "39222100",
                "Посуд одноразовий",
                "Disposable tableware",
                (35.0, 420.0),
                PACK,
                &["disposable", "pack", "country"],
            ),
            c(
                "39224300",
                "Приладдя для прибирання",
                "Cleaning tools",
                (60.0, 850.0),
                PCS,
                &["brush_kind", "handle", "country"],
            ),
            c("39224340", "Відро для сміття", "Waste bin", (120.0, 3200.0), PCS, &["bin_l", "pedal", "color"]),
        ],
    },
    Kit {
        cpv: "39710000",
        models: true,
        brands: &["Bosch", "Samsung", "LG", "Electrolux", "Gorenje", "Philips", "Tefal", "Ariston", "Cooper&Hunter"],
        cats: &[
            c(
                "39711130",
                "Холодильник",
                "Refrigerator",
                (9500.0, 42000.0),
                PCS,
                &["fridge_l", "energy_class", "no_frost", "warranty"],
            ),
            c(
                "39711300",
                "Електрочайник",
                "Electric kettle",
                (650.0, 3800.0),
                PCS,
                &["power_w", "kettle_l", "warranty"],
            ),
            c(
                "39713430",
                "Пилосос",
                "Vacuum cleaner",
                (2400.0, 18000.0),
                PCS,
                &["power_w", "vacuum_kind", "dust_box", "warranty"],
            ),
            c(
                "39717200",
                "Кондиціонер",
                "Air conditioner",
                (12000.0, 52000.0),
                PCS,
                &["cooling_kw", "room_area", "inverter", "energy_class"],
            ),
            c("39715100", "Водонагрівач", "Water heater", (3800.0, 16000.0), PCS, &["boiler_l", "power_w", "warranty"]),
        ],
    },
    Kit {
        cpv: "31520000",
        models: true,
        brands: &["Philips", "Osram", "Feron", "Videx", "Horoz", "Eurolamp", "Lemanso", "Delux"],
        cats: &[
            c(
                "31521000",
                "Світильник світлодіодний",
                "LED luminaire",
                (180.0, 2600.0),
                PCS,
                &["lamp_w", "flux", "color_temp", "ip"],
            ),
            c("31527000", "Світильник точковий", "Downlight", (90.0, 950.0), PCS, &["lamp_w", "color_temp", "ip"]),
            c("31524000", "Світильник настінний", "Wall light", (220.0, 2400.0), PCS, &["lamp_w", "color_temp", "ip"]),
        ],
    },
    Kit {
        cpv: "44320000",
        models: false,
        brands: &["Одескабель", "Енергопром", "Інтеркабель", "ЗЗКМ", "Южкабель", "Азовкабель"],
        cats: &[c(
            "44321000",
            "Кабель силовий",
            "Power cable",
            (900.0, 24000.0),
            PCS,
            &["cable_brand", "cores", "section", "cable_len"],
        )],
    },
    Kit {
        cpv: "31210000",
        models: true,
        brands: &["Schneider Electric", "ABB", "Legrand", "IEK", "Eaton", "E.NEXT", "Hager"],
        cats: &[c(
            "31211310",
            "Вимикач автоматичний",
            "Circuit breaker",
            (85.0, 1400.0),
            PCS,
            &["breaker_a", "poles", "curve"],
        )],
    },
    Kit {
        cpv: "31530000",
        models: true,
        brands: &["Philips", "Osram", "Feron", "Videx", "Eurolamp", "Delux"],
        cats: &[c(
            "31531000",
            "Лампа світлодіодна",
            "LED lamp",
            (35.0, 260.0),
            PCS,
            &["lamp_w", "socket", "color_temp", "flux"],
        )],
    },
    Kit {
        cpv: "31220000",
        models: true,
        brands: &["Schneider Electric", "Legrand", "Makel", "Viko", "E.NEXT", "Videx"],
        cats: &[
            c("31224810", "Подовжувач", "Extension lead", (180.0, 1200.0), PCS, &["outlets", "cord_m", "grounding"]),
            c("31224100", "Розетка", "Wall socket", (45.0, 420.0), PCS, &["outlets", "grounding", "color"]),
        ],
    },
    Kit {
        cpv: "31410000",
        models: false,
        brands: &["Duracell", "Energizer", "GP", "Panasonic", "Varta", "Camelion"],
        cats: &[c(
            "31411000",
            "Батарейки лужні",
            "Alkaline batteries",
            (45.0, 480.0),
            PACK,
            &["battery_size", "battery_count", "country"],
        )],
    },
    Kit {
        cpv: "32320000",
        models: true,
        brands: &["Samsung", "LG", "Philips", "Sony", "Epson", "BenQ", "Optoma", "JBL"],
        cats: &[
            c(
                "32324000",
                "Телевізор",
                "Television",
                (8500.0, 65000.0),
                PCS,
                &["screen_tv", "resolution", "smart_tv", "hdmi", "warranty"],
            ),
            c(
                "32322000",
                "Проектор мультимедійний",
                "Multimedia projector",
                (14000.0, 62000.0),
                PCS,
                &["projector_lm", "projector_res", "wifi", "warranty"],
            ),
            c(
                "32321200",
                "Акустична система",
                "Loudspeaker system",
                (1200.0, 24000.0),
                PCS,
                &["speaker_w", "bluetooth", "warranty"],
            ),
        ],
    },
    Kit {
        cpv: "34350000",
        models: true,
        brands: &["Michelin", "Continental", "Nokian", "Premiorri", "Rosava", "Belshina", "Hankook"],
        cats: &[
            c(
                "34351100",
                "Шина легкова",
                "Passenger car tyre",
                (1800.0, 6800.0),
                PCS,
                &["tyre_size", "season", "load_index", "speed_index"],
            ),
            c(
                "34352100",
                "Шина вантажна",
                "Truck tyre",
                (6500.0, 26000.0),
                PCS,
                &["truck_tyre", "season", "load_index"],
            ),
        ],
    },
    Kit {
        cpv: "37520000",
        models: true,
        brands: &["Trefl", "Danko Toys", "Technok", "Orion", "Lego", "Arial", "Cubika"],
        cats: &[
            c("37523000", "Пазл", "Jigsaw puzzle", (90.0, 850.0), PCS, &["puzzle_pieces", "age", "country"]),
            c(
                "37524100",
                "Гра навчальна",
                "Educational game",
                (150.0, 1600.0),
                PCS,
                &["age", "toy_material", "country"],
            ),
            c("37527200", "Іграшкова машинка", "Toy car", (120.0, 2200.0), PCS, &["age", "toy_material", "color"]),
        ],
    },
    Kit {
        cpv: "39510000",
        models: false,
        brands: &["Ярослав", "ТЕП", "Руно", "Billerbeck", "Lotus", "Home Line"],
        cats: &[
            c(
                "39512000",
                "Комплект постільної білизни",
                "Bed linen set",
                (650.0, 3800.0),
                SET,
                &["bed_size", "fabric", "fabric_density"],
            ),
            c(
                "39514100",
                "Рушник махровий",
                "Terry towel",
                (120.0, 780.0),
                PCS,
                &["towel_size", "fabric_density", "color"],
            ),
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_attribute_key_resolves_and_value_lists_ascend() {
        for kit in KITS {
            for cat in kit.cats {
                assert!(cat.attrs.iter().any(|k| !matches!(attr(k).kind, Kind::Bool)), "{}", cat.cpv);
                assert!(cat.price.0 < cat.price.1, "{}", cat.cpv);
            }
        }
        let mut keys: Vec<&str> = ATTRS.iter().map(|a| a.key).collect();
        keys.sort_unstable();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "attribute keys are unique");
        for a in ATTRS {
            if let Kind::Num { vals, .. } = a.kind {
                assert!(vals.windows(2).all(|w| w[0] < w[1]), "{}", a.key);
            }
        }
    }
}
