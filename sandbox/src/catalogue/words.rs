//! Word lists the catalogue is generated from. Plain data.

/// (top-level category, [(leaf category, nouns)]).
pub const TREE: &[(&str, &[(&str, &[&str])])] = &[
    (
        "Home & Garden",
        &[
            ("Kitchen", &["Silicone Spatula Set", "Vegetable Chopper", "Coffee Grinder", "Knife Sharpener", "Oil Sprayer"]),
            ("Home Decor", &["LED Strip Lights", "Wall Clock", "Sunset Lamp", "Artificial Plant", "Throw Pillow Cover"]),
            ("Storage", &["Drawer Organizer", "Vacuum Storage Bag", "Shoe Rack", "Cable Box"]),
            ("Garden Tools", &["Pruning Shears", "Solar Garden Light", "Hose Nozzle", "Plant Grow Light"]),
        ],
    ),
    (
        "Electronics",
        &[
            ("Phone Accessories", &["Magnetic Phone Holder", "Fast Charger", "Phone Case", "Screen Protector", "Power Bank"]),
            ("Audio", &["Wireless Earbuds", "Bluetooth Speaker", "Headphones", "Sleep Headband"]),
            ("Smart Home", &["Smart Plug", "Wifi Camera", "Motion Sensor Light", "Smart Bulb"]),
            ("Computer Accessories", &["Mechanical Keyboard", "Wireless Mouse", "Laptop Stand", "USB C Hub"]),
        ],
    ),
    (
        "Fashion",
        &[
            ("Women's Clothing", &["Summer Dress", "Yoga Leggings", "Cardigan", "Bikini Set"]),
            ("Men's Clothing", &["Cargo Pants", "Hoodie", "Polo Shirt", "Windbreaker Jacket"]),
            ("Jewelry", &["Pendant Necklace", "Hoop Earrings", "Charm Bracelet", "Stainless Steel Ring"]),
            ("Bags", &["Crossbody Bag", "Travel Backpack", "Tote Bag", "Waist Bag"]),
        ],
    ),
    (
        "Beauty & Health",
        &[
            ("Skincare", &["Facial Roller", "Vitamin C Serum", "Pore Vacuum", "Eye Patches"]),
            ("Makeup", &["Makeup Brush Set", "Lip Tint", "Eyelash Curler", "Makeup Organizer"]),
            ("Hair Care", &["Hair Straightener", "Scalp Massager", "Heatless Curler", "Hair Clips"]),
            ("Fitness", &["Resistance Bands", "Massage Gun", "Posture Corrector", "Jump Rope"]),
        ],
    ),
    (
        "Toys & Hobbies",
        &[
            ("Educational Toys", &["Busy Board", "Magnetic Tiles", "Drawing Tablet", "Montessori Toy"]),
            ("RC Toys", &["RC Car", "Mini Drone", "RC Boat"]),
            ("Puzzles", &["3D Puzzle", "Puzzle Cube", "Wooden Puzzle"]),
        ],
    ),
    (
        "Pet Supplies",
        &[
            ("Dog Supplies", &["Dog Harness", "Chew Toy", "Pet Hair Remover", "Dog Bed"]),
            ("Cat Supplies", &["Cat Tree", "Cat Water Fountain", "Laser Toy", "Litter Mat"]),
            ("Aquarium", &["Aquarium Filter", "Fish Tank Light", "Air Pump"]),
        ],
    ),
    (
        "Sports & Outdoors",
        &[
            ("Camping", &["Camping Lantern", "Hammock", "Water Filter Straw", "Folding Knife"]),
            ("Cycling", &["Bike Light", "Bike Phone Mount", "Cycling Gloves"]),
            ("Yoga", &["Yoga Mat", "Yoga Block", "Balance Board"]),
        ],
    ),
    (
        "Automotive",
        &[
            ("Interior Accessories", &["Car Seat Organizer", "Steering Wheel Cover", "Car Air Freshener"]),
            ("Car Electronics", &["Dash Cam", "Car Vacuum", "Tire Inflator", "FM Transmitter"]),
            ("Car Tools", &["OBD2 Scanner", "Jump Starter", "Scratch Remover"]),
        ],
    ),
];

pub const ADJECTIVES: &[&str] = &[
    "Portable",
    "Upgraded",
    "Mini",
    "Premium",
    "Wireless",
    "Foldable",
    "Rechargeable",
    "Waterproof",
    "Ergonomic",
    "Smart",
    "Magnetic",
    "Adjustable",
    "Eco-Friendly",
    "Heavy Duty",
    "Ultra Thin",
    "Vintage",
    "Luxury",
    "Multifunctional",
    "Quiet",
    "Compact",
];

pub const SUFFIXES: &[&str] = &["for Home", "for Travel", "2024 New", "with Gift Box", "for Women", "for Men", "Set", "Pro", "Max", "for Kids", "", "", ""];

pub const COLORS: &[&str] = &["Black", "White", "Red", "Blue", "Green", "Pink", "Grey", "Beige", "Purple", "Yellow", "Orange", "Navy", "Brown", "Khaki"];

pub const SIZES: &[&str] = &["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL", "One Size", "EU 36", "EU 38", "EU 40", "EU 42", "EU 44"];

pub const STYLES: &[&str] = &["Standard", "Deluxe", "Bundle x2", "Bundle x3", "With Case"];

/// Ship-to countries the catalogue knows.
pub const COUNTRIES: &[&str] = &["US", "CA", "GB", "DE", "FR", "ES", "IT", "NL", "AU", "BR", "MX", "JP"];

pub const REVIEW_TEXTS: &[&str] = &[
    "Exactly as described, fast shipping.",
    "Good quality for the price.",
    "Arrived a bit late but works fine.",
    "My kids love it!",
    "Color slightly different from the photos.",
    "Excellent, will buy again.",
    "Packaging was damaged but the item is OK.",
    "Not bad, does the job.",
    "Seller answered quickly, recommended.",
    "Smaller than expected.",
    "Perfect gift, very happy.",
    "Stopped working after two weeks.",
];

pub const BUYERS: &[&str] = &["A***a", "J***n", "M***e", "K***y", "S***h", "L***o", "D***d", "R***a", "P***r", "E***n"];

pub const LOGISTICS: &[(&str, &[(&str, &str)])] = &[
    (
        "aliexpress",
        &[("CAINIAO_STANDARD", "AliExpress Standard Shipping"), ("CAINIAO_ECONOMY", "Cainiao Saver Shipping"), ("AE_EXPRESS", "AliExpress Selection Premium")],
    ),
    ("cj", &[("CJPACKET_ORDINARY", "CJPacket Ordinary"), ("CJPACKET_SENSITIVE", "CJPacket Sensitive"), ("DHL", "DHL Official")]),
    ("temu", &[("TEMU_STANDARD", "Standard shipping"), ("TEMU_EXPRESS", "Express shipping")]),
    ("dropline", &[("DL_ECONOMY", "Dropline Economy"), ("DL_EXPRESS", "Dropline Express")]),
    ("ebay", &[("EBAY_STANDARD", "eBay International Standard Delivery"), ("EBAY_EXPEDITED", "Expedited International Shipping")]),
    ("alibaba", &[("ALIBABA_LOGISTICS", "Alibaba.com Logistics"), ("ALIBABA_EXPRESS", "Express (UPS Saver)")]),
    ("amazon", &[("AMZ_STANDARD", "Standard Shipping"), ("AMZ_PRIME", "Prime Shipping")]),
];
