import type { ItemKind } from '@km/contracts';

export interface DemoItem {
  kind: ItemKind;
  name: string;
  price: string;
  description: string;
  category: string;
  tags: string[];
  featured?: boolean;
  inStock?: boolean;
}

const product = (category: string, name: string, price: string, description: string, tags: string[], flags: Partial<DemoItem> = {}): DemoItem => ({
  kind: 'product',
  category,
  name,
  price,
  description,
  tags,
  ...flags,
});
const service = (category: string, name: string, price: string, description: string, tags: string[], flags: Partial<DemoItem> = {}): DemoItem => ({
  kind: 'service',
  category,
  name,
  price,
  description,
  tags,
  ...flags,
});

/** Demo content for a fresh catalog, newest first. Invented names; prices in US dollars. */
export const DEMO_ITEMS: DemoItem[] = [
  // Books
  product(
    'Books',
    'Grace & Truth Study Bible',
    '49.99',
    'A wide-margin ESV study Bible with book introductions, cross-references, maps and room for your own notes.',
    ['bible', 'study', 'esv'],
    { featured: true },
  ),
  product(
    'Books',
    'Rooted: 90 Days in the Psalms',
    '18.50',
    'A three-month devotional that walks through the Psalms with a short reading, a reflection and a prayer for each day.',
    ['devotional', 'psalms', 'daily'],
  ),
  product(
    'Books',
    'The Kingdom-Minded Entrepreneur',
    '24.00',
    'Practical chapters on stewardship, integrity and purpose for believers who build businesses.',
    ['business', 'stewardship', 'leadership'],
    { featured: true },
  ),
  product('Books', 'Prayers for Every Morning', '14.99', 'One hundred short morning prayers drawn from Scripture, in a pocket-sized hardcover.', [
    'prayer',
    'gift',
    'hardcover',
  ]),
  product(
    'Books',
    'Little Lamb Bible Storybook',
    '16.75',
    'Twenty-four beloved Bible stories retold for children aged 3 to 7, with bright watercolour illustrations.',
    ['children', 'stories', 'family'],
  ),
  product(
    'Books',
    'Faith That Works: Studies in James',
    '12.00',
    'An eight-week small-group study on living faith, with leader notes and discussion questions.',
    ['small group', 'study', 'james'],
  ),
  product(
    'Books',
    'Letters to a Young Pastor',
    '21.00',
    'Wise, warm counsel for those beginning in ministry, written as a series of personal letters.',
    ['ministry', 'pastor', 'mentoring'],
    { inStock: false },
  ),
  product('Books', 'Hymns of the Faith Songbook', '27.50', 'Two hundred classic hymns with melody lines, chords and the stories behind the songs.', [
    'worship',
    'hymns',
    'music',
  ]),
  product(
    'Books',
    'The Prayer Journal: Ask, Seek, Knock',
    '19.95',
    'A guided prayer journal with weekly prompts, Scripture reflections and pages to record answered prayers.',
    ['prayer', 'journal', 'spiritual growth'],
  ),
  // Jewelry
  product(
    'Jewelry',
    'Sterling Silver Cross Necklace',
    '59.00',
    'A simple polished cross on an 18-inch sterling silver chain, gift boxed.',
    ['cross', 'silver', 'necklace'],
    { featured: true },
  ),
  product('Jewelry', 'Mustard Seed Faith Bracelet', '22.00', 'A braided cord bracelet with a glass charm holding a real mustard seed (Matthew 17:20).', [
    'bracelet',
    'faith',
    'mustard seed',
  ]),
  product('Jewelry', 'Armor of God Dog Tag', '28.00', 'Stainless steel dog tag engraved with Ephesians 6:11 on a 24-inch ball chain.', [
    'dog tag',
    'ephesians',
    'men',
  ]),
  product('Jewelry', 'Dove Pendant in Gold Vermeil', '74.00', 'A delicate dove, a symbol of the Holy Spirit, in 18k gold vermeil over sterling silver.', [
    'dove',
    'gold',
    'pendant',
  ]),
  product(
    'Jewelry',
    'Scripture Stacking Rings (Set of 3)',
    '39.00',
    'Three slim rings engraved with Faith, Hope and Love, to wear together or apart.',
    ['rings', 'scripture', 'set'],
    { inStock: false },
  ),
  product('Jewelry', 'Olive Wood Prayer Beads', '18.00', 'Hand-carved olive wood beads from Bethlehem, strung on a durable cord with a small cross.', [
    'olive wood',
    'prayer',
    'handmade',
  ]),
  product('Jewelry', 'Ichthys Fish Earrings', '26.00', 'Minimal sterling silver studs shaped like the early Christian fish symbol.', [
    'earrings',
    'ichthys',
    'silver',
  ]),
  product('Jewelry', 'Names of God Cuff', '45.00', 'An adjustable brushed brass cuff stamped with names of God: Jehovah Jireh, El Shaddai, Emmanuel.', [
    'cuff',
    'names of god',
    'brass',
  ]),
  // Apparel
  product(
    'Apparel',
    'Walk by Faith Tee',
    '24.99',
    'A soft heather cotton T-shirt printed with "Walk by faith, not by sight" (2 Corinthians 5:7).',
    ['t-shirt', 'unisex', 'cotton'],
    { featured: true },
  ),
  product('Apparel', 'Salt & Light Hoodie', '44.00', 'A heavyweight fleece hoodie with a small salt-and-light emblem on the chest (Matthew 5:13-14).', [
    'hoodie',
    'winter',
    'unisex',
  ]),
  product('Apparel', 'Kingdom Builders Cap', '21.00', 'A structured twill cap with an embroidered crown and the words "Kingdom Builders".', [
    'cap',
    'embroidered',
    'accessories',
  ]),
  product('Apparel', "Be Still Women's V-Neck", '23.50', 'A relaxed V-neck in dusty rose with "Be still, and know" in script (Psalm 46:10).', [
    'women',
    't-shirt',
    'psalms',
  ]),
  product(
    'Apparel',
    'Youth Group Crewneck',
    '32.00',
    'A comfortable crewneck sweatshirt for youth groups and camps, in navy with white print.',
    ['youth', 'sweatshirt', 'camp'],
    { inStock: false },
  ),
  product('Apparel', 'Chosen Kids Tee', '16.00', "A bright kids' T-shirt that reminds little ones they are chosen and loved (1 Peter 2:9).", [
    'kids',
    't-shirt',
    'identity',
  ]),
  product('Apparel', 'Worship Team Polo', '29.00', 'A breathable polo for worship and welcome teams, with a small embroidered cross.', [
    'polo',
    'church',
    'team',
  ]),
  product('Apparel', 'Faith Over Fear Beanie', '19.00', 'A ribbed knit beanie with a woven "Faith Over Fear" label.', ['beanie', 'winter', 'accessories']),
  // Home Decor
  product(
    'Home Decor',
    'As For Me and My House Sign',
    '38.00',
    'A farmhouse wooden sign with Joshua 24:15 hand-lettered in white, ready to hang.',
    ['wall art', 'joshua', 'farmhouse'],
    { featured: true },
  ),
  product(
    'Home Decor',
    'Scripture Canvas: The Lord Is My Shepherd',
    '54.00',
    'A gallery-wrapped canvas print of Psalm 23 over a soft pastoral landscape, 16 × 20 inches.',
    ['canvas', 'psalm 23', 'wall art'],
  ),
  product('Home Decor', 'Light of the World Candle', '18.00', 'A soy candle with cedar and frankincense notes, in an amber jar labelled John 8:12.', [
    'candle',
    'soy',
    'john',
  ]),
  product('Home Decor', 'Blessed Table Runner', '27.00', 'A linen-blend table runner embroidered with "Give thanks to the Lord, for He is good".', [
    'table',
    'linen',
    'thanksgiving',
  ]),
  product(
    'Home Decor',
    'Olive Wood Nativity Set',
    '89.00',
    'An eleven-piece nativity hand-carved from olive wood by artisans in Bethlehem.',
    ['nativity', 'christmas', 'olive wood'],
    { inStock: false },
  ),
  product('Home Decor', 'Family Prayer Wall Calendar', '15.00', 'A twelve-month calendar with a verse and a family prayer prompt for every week.', [
    'calendar',
    'family',
    'prayer',
  ]),
  product('Home Decor', 'Grace Upon Grace Throw Pillow', '32.00', 'A woven cotton pillow cover with John 1:16 in soft navy lettering; insert included.', [
    'pillow',
    'living room',
    'john',
  ]),
  product('Home Decor', 'Ceramic Communion Set', '65.00', 'A hand-thrown stoneware chalice and paten for home gatherings and small churches.', [
    'communion',
    'ceramic',
    'church',
  ]),
  // Gifts
  product(
    'Gifts',
    'New Believer Welcome Box',
    '42.00',
    'A gift box with a journaling Bible, a first-steps devotional, a bookmark and a handwritten card.',
    ['gift box', 'new believer', 'baptism'],
    { featured: true },
  ),
  product('Gifts', 'Scripture Memory Cards', '12.50', 'Fifty-two illustrated cards for memorising one verse a week, with a wooden stand.', [
    'memory verse',
    'cards',
    'family',
  ]),
  product('Gifts', 'Pastor Appreciation Mug', '17.00', 'A 15 oz stoneware mug that says "Thank you for shepherding us well".', [
    'mug',
    'pastor',
    'appreciation',
  ]),
  product('Gifts', 'Baptism Keepsake Frame', '34.00', 'A silver-finish photo frame engraved with the baptism date and Romans 6:4.', [
    'baptism',
    'frame',
    'keepsake',
  ]),
  product('Gifts', 'Prayer Warrior Gift Set', '48.00', 'A prayer journal, olive wood prayer beads and a "Pray without ceasing" candle in a gift box.', [
    'prayer',
    'gift set',
    'journal',
  ]),
  product('Gifts', 'Bible Verse Bookmarks (Set of 6)', '9.99', 'Six laminated bookmarks with encouraging verses and tassels.', [
    'bookmarks',
    'stocking stuffer',
    'verses',
  ]),
  product(
    'Gifts',
    'Christmas Advent Devotional Box',
    '36.00',
    'Twenty-five wrapped daily readings and small ornaments that tell the Christmas story.',
    ['advent', 'christmas', 'family'],
    { inStock: false },
  ),
  product('Gifts', 'Fruit of the Spirit Tea Sampler', '24.00', 'Nine loose-leaf teas, one for each fruit of the Spirit (Galatians 5:22-23), in a gift tin.', [
    'tea',
    'galatians',
    'gift tin',
  ]),
  // Consulting
  service(
    'Consulting',
    'Kingdom Business Strategy Session',
    '150.00',
    'A 90-minute session to align your business plan, values and finances with your calling.',
    ['business', 'strategy', 'one-on-one'],
    { featured: true },
  ),
  service(
    'Consulting',
    'Church Growth Assessment',
    '450.00',
    "A review of your church's outreach, assimilation and discipleship with a written report and next steps.",
    ['church', 'growth', 'assessment'],
  ),
  service(
    'Consulting',
    'Nonprofit Launch Coaching',
    '300.00',
    'Three coaching calls covering mission, board formation, fundraising and compliance for a new ministry.',
    ['nonprofit', 'coaching', 'ministry'],
  ),
  // Design
  service('Design', 'Ministry Logo & Brand Kit', '600.00', 'A logo, colour palette, fonts and a one-page brand guide for your church or ministry.', [
    'logo',
    'branding',
    'church',
  ]),
  service(
    'Design',
    'Sermon Series Graphics',
    '220.00',
    'Title slides, social posts and a bulletin cover for a sermon series, delivered in all sizes.',
    ['sermon', 'slides', 'social media'],
    { featured: true },
  ),
  service('Design', 'Book Cover Design', '350.00', 'A custom front cover plus spine and back for print, and an ebook cover, with two rounds of revisions.', [
    'book cover',
    'publishing',
    'print',
  ]),
  // Marketing
  service('Marketing', 'Faith-Based Social Media Starter', '280.00', 'A month of planned posts, captions and graphics for your ministry or Kingdom business.', [
    'social media',
    'content',
    'monthly',
  ]),
  service('Marketing', 'Email Newsletter Setup', '180.00', 'We set up your newsletter platform, signup form, welcome sequence and first template.', [
    'email',
    'newsletter',
    'setup',
  ]),
  service(
    'Marketing',
    'Event Promotion Package',
    '250.00',
    'Flyers, social posts and an email campaign to fill your conference, retreat or revival.',
    ['events', 'promotion', 'conference'],
    { inStock: false },
  ),
  // Writing
  service(
    'Writing',
    'Devotional Editing',
    '400.00',
    'Line editing of a devotional or Bible study of up to 20,000 words, with a check of every Scripture reference.',
    ['editing', 'devotional', 'bible study'],
  ),
  service(
    'Writing',
    'Ministry Grant Writing',
    '500.00',
    'A complete grant proposal for a ministry or faith-based nonprofit, researched and written for one funder.',
    ['grants', 'nonprofit', 'fundraising'],
  ),
  service('Writing', 'Testimony Ghostwriting', '750.00', 'Interviews and a polished 5,000-word written testimony you can share, publish or pass down.', [
    'testimony',
    'ghostwriting',
    'story',
  ]),
  // Web Development
  service(
    'Web Development',
    'Church Website Build',
    '1800.00',
    'A fast, mobile-friendly church website with sermons, events, giving links and an editor you can use.',
    ['website', 'church', 'responsive'],
  ),
  service('Web Development', 'Online Giving Integration', '400.00', 'Secure online and recurring giving added to your existing website, tested end to end.', [
    'giving',
    'donations',
    'integration',
  ]),
  service('Web Development', 'Podcast Website Setup', '650.00', 'A website for your podcast with episode pages, subscribe links and an RSS feed.', [
    'podcast',
    'website',
    'rss',
  ]),
  // Ministry
  service(
    'Ministry',
    'Marriage Mentoring (4 Sessions)',
    '200.00',
    'Four sessions with a seasoned mentor couple on communication, conflict and faith at home.',
    ['marriage', 'mentoring', 'couples'],
    { featured: true },
  ),
  service('Ministry', 'Worship Team Training Day', '350.00', "A day of vocal, band and heart-of-worship training for your church's worship team.", [
    'worship',
    'training',
    'music',
  ]),
  service('Ministry', 'Retreat Speaker Booking', '900.00', 'An experienced speaker for your weekend retreat, with three sessions and a Q&A.', [
    'speaker',
    'retreat',
    'events',
  ]),
];
