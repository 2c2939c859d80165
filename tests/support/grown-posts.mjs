/**
 * The grown tree's posts (grown-tree.mjs): a dozen published posts across the blog's categories,
 * written as an owner writes them, with every kind of formatting a post can use. Between them:
 * a seven-column table with aligned columns, code, a quote, nested lists, photos in the text with
 * and without a caption, numbered headings, a heading with an apostrophe, titles with an
 * ampersand, quotes and accented letters, three covers, internal and external links, raw <abbr>
 * and <kbd>; and, beside them, a post scheduled for a day after the build's and a draft, which no
 * build publishes.
 *
 * A post names its author and category by position (the team's first member, the schema's first
 * category), so that the grown tree holds whatever team and categories the tree has.
 */

/**
 * The grown tree's pages the visual suite captures (backstop/backstop.config.cjs) and the budget
 * audits, besides the team and case studies with their photos: a listing, and the post with the
 * most in it (a cover, a wide table with aligned columns, contents).
 */
export const SHOWCASE = { listing: '/blog', post: '/blog/what-a-seller-lead-costs' };

/** The grown tree's photos for posts: covers and a photo in the text (made by fixture-images.mjs). */
export const POST_PHOTOS = [
  { name: 'grown-cover-costs.jpg', width: 2000, height: 1250 },
  { name: 'grown-cover-mail.jpg', width: 1800, height: 1100 },
  { name: 'grown-cover-cities.jpg', width: 1920, height: 1280 },
  { name: 'grown-photo-postcards.jpg', width: 1600, height: 1000 },
  { name: 'grown-photo-desk.png', width: 1200, height: 800 },
];

/**
 * The posts, by slug: each a function of the tree's team names and categories (by position)
 * and of the build's day (YYYY-MM-DD, for the scheduled post), returning the post file's text.
 */
export const GROWN_POSTS = {
  'what-a-seller-lead-costs': ({ author, category }) => `---
title: What a seller lead really costs, channel by channel
description: Leads, appointments and contracts from six channels over one quarter, and what each contract cost once the spend is divided out.
date: 2026-11-18
updated: 2026-11-24
category: ${category(2)}
author: ${author(1)}
cover: grown-cover-costs.jpg
coverAlt: Blue and gold shapes on a textured navy background (a test cover)
---

Every investor we meet knows their cost per lead. Few know their cost per contract, and that is the number that decides whether a channel pays. Here is one quarter of a wholesaler's marketing, channel by channel.

## The quarter in one table

Spend is what the channel cost in the quarter; appointments are sellers who agreed to a walk-through.

| Channel      | Leads |   Spend | Cost per lead | Appointments | Contracts | Cost per contract |
| :----------- | ----: | ------: | ------------: | :----------: | --------: | ----------------: |
| Direct mail  |   112 | $18,650 |          $166 |      21      |         4 |            $4,663 |
| Google Ads   |   236 | $14,200 |           $60 |      38      |         7 |            $2,029 |
| Facebook Ads |   310 |  $9,990 |           $32 |      29      |         3 |            $3,330 |
| Local SEO    |   148 |  $5,000 |           $34 |      31      |         6 |              $833 |
| Cold calling |   420 |  $6,300 |           $15 |      18      |         2 |            $3,150 |
| Referrals    |    27 |      $0 |            $0 |      12      |         3 |                $0 |

## Reading the table

The cheapest lead is not the cheapest contract. Cold calling brings the most leads for the least money, and the fewest contracts. Local SEO costs twice as much a lead and five times less a contract.

- **Appointments** are where a channel shows its quality: a seller who agrees to a walk-through has a reason to sell.
- **Contracts** are what pay the bills, so divide the spend by them, not by the leads.

## What to do with yours

Put your own quarter in the same seven columns. If a channel's cost per contract is more than a third of your average assignment fee, fix its follow-up before you spend more on it. When you want a second pair of eyes, [our pricing](/pricing) says what a review costs, and [the lead-follow-up post](/blog/tracking-calls-to-campaigns) shows how to count calls.
`,

  'cafe-naive-seo': ({ author, category }) => `---
title: "Café – Naïve: what a coffee shop taught us about SEO"
description: A café owner’s naïve questions about search, and why the answers matter just as much to a wholesaler’s website.
date: 2026-11-16
category: ${category(1)}
author: ${author(2)}
---

Last spring the owner of a small café asked us why her shop never showed up when people searched for "coffee near me". Her questions were naïve in the best sense: she asked what everyone wonders and nobody says. Each answer turned out to be one a real estate investor needs too.

## 1. Does Google know where you are?

Her address was on the menu, not on the website. A search engine cannot rank a business for a place it cannot find. Put your city, your counties and your service area in words on your pages, not only in a map.

## 2. Do people say good things about you?

She had 212 reviews on one site and none on her Google Business Profile. Ask every seller you close with for a review there, the week you close.

## 3. Does your page answer the question?

"Coffee near me" wants hours and a door. "Sell my house fast in Frederick" wants a price, a timeline and a phone number. Write the page for the question.

## 4. Is it the same everywhere?

Her café was "Café Noël" on one listing and "Cafe Noel" on another. Names, addresses and phone numbers must match, letter for letter, accents included.
`,

  'ads-or-seo-first': ({ author, category }) => `---
title: 'Ads & SEO: "which first?" for a new wholesaler'
description: Paid ads bring calls this week; search brings cheaper calls next year. How a new wholesaler with one budget decides where to start.
date: 2026-11-12
category: ${category(0)}
author: ${author(1)}
---

It is the question we hear most from investors starting out: "Should I run ads or work on SEO first?" The honest answer is "both, in that order", and here is why.

## What you’ll spend in the first 90 days

Ads cost money every day they run. SEO costs time and content up front, then little to keep.

1. **Month one:** ads only, on the two or three searches that bring sellers.
2. **Month two:** ads, plus the first pages of your own website.
   - a page per county you buy in;
   - a page per situation (inherited, behind on payments, tired landlord).
3. **Month three:** keep the ads that bring contracts; stop the rest.

## What the sellers say

> “I called the first company on the page. If you weren’t there, I wouldn’t have found you.” — a seller in Hagerstown, in a recorded call

That is what ads buy: being first this week. What SEO buys is being first without paying for each click.

## When to switch the weight

Once your pages bring more calls a month than your ads, move budget from ads to content. For most of our clients that happens between month six and month twelve.
`,

  'tracking-calls-to-campaigns': ({ author, category }) => `---
title: Tracking every call back to the campaign that paid for it
description: Campaign tags on every link and a number per channel, so that each lead in your CRM says which ad, postcard or page brought it.
date: 2026-11-05
category: ${category(0)}
author: ${author(4)}
---

A lead without a source is a lead you cannot learn from. Two habits fix it: a tag on every link you pay for, and a phone number for every channel.

## Tag every link

Add <abbr title="Urchin Tracking Module">UTM</abbr> parameters to each link in an ad, an email or a QR code. Your analytics and your form then know which campaign sent the visitor. A link on a postcard's QR code looks like this:

\`\`\`text
https://www.example.com/sell?utm_source=postcard&utm_medium=direct-mail&utm_campaign=frederick-absentee-owners-2026-q4&utm_content=yellow-letter
\`\`\`

Keep the names in lower case, with hyphens, and write them down in one shared sheet: \`utm_source\` is where (google, facebook, postcard), \`utm_medium\` is how (cpc, social, direct-mail), \`utm_campaign\` is which list or offer.

## Give each channel its own number

A call never carries a UTM tag. A tracking number per channel does the same job: calls to the postcard's number came from the postcard. Most call-tracking services let you forward every number to your own phone.

## Check it once a week

Open your CRM, sort leads by source, and look for the ones marked "unknown". Press <kbd>Ctrl</kbd> + <kbd>F</kbd> on the report and search for "unknown": each one is a link without a tag or a number without a channel. Fix it before it becomes a month of guesswork.
`,

  'direct-mail-in-waves': ({ author, category }) => `---
title: 'Direct mail in waves: a 90-day plan'
description: One list, three mailings, thirty days apart, and what to change between them. The plan we use for absentee owners and inherited houses.
date: 2026-10-29
category: ${category(2)}
author: ${author(1)}
cover: grown-cover-mail.jpg
coverAlt: Overlapping gold and blue shapes on a light background (a test cover)
---

One postcard rarely sells a house. The seller who throws away the first one may call on the third, when their tenant moves out or the roof starts leaking. So we mail in waves.

## The three waves

### Wave one: the postcard

A plain card with a photo of the street, a price promise and one phone number.

![Postcards stacked on a desk (a test photo)](grown-photo-postcards.jpg 'The first wave: a plain card, one number, one promise.')

### Wave two: the letter

Thirty days later, a handwritten-style letter to everyone who did not call. It names the house and says what happens next if they call.

### Wave three: the last card

Sixty days in, a short card: "We’re still buying on your street."

## Between the waves

Take out everyone who called, everyone whose mail came back, and every house that sold. A clean list costs less to mail and says more about who is left.

![A desk with a laptop and a notebook (a test photo)](grown-photo-desk.png)

Count the calls per wave, not per campaign: the third wave usually brings fewer calls than the first and more contracts.
`,

  'zurich-lodz-sao-paulo': ({ author, category }) => `---
title: What Zürich, Łódź and São Paulo buyers have in common
description: Investors in three very different markets search, compare and call in the same order. What that tells a U.S. investor’s website.
date: 2026-10-22
category: ${category(3)}
author: ${author(0)}
cover: grown-cover-cities.jpg
coverAlt: Blue circles and a gold square on a textured background (a test cover)
---

We spent the autumn reading how property investors search in Zürich, Łódź and São Paulo. The markets could hardly differ more: rents, rates and laws all do. The way sellers and buyers look for help does not.

## They search for the problem, not the service

In Zürich the searches are "Haus schnell verkaufen"; in Łódź "szybka sprzedaż mieszkania"; in São Paulo "vender imóvel rápido". None of them searches for "an investor". Each describes a problem: a house to sell, fast.

## They compare three, then call one

Across all three markets, sellers opened about three sites before calling one. The one they called answered the problem above the fold and showed a face, a phone number and a price range.

## What it means here

Your site is compared with two others in the time it takes to drink an espresso. Say what you do in the seller’s words, show who you are, and make calling you the easiest thing on the page.
`,

  'google-business-profile-checklist': ({ author, category }) => `---
title: A Google Business Profile checklist for investors
description: Eleven fields and habits that decide whether your business shows in the map results when a seller searches near them.
date: 2026-10-14
category: ${category(1)}
author: ${author(2)}
---

The map results above the ten blue links are where local sellers look first. Your Google Business Profile decides whether you are in them.

## The fields

- Your business name, exactly as it is on your website and your mail.
- Your service area: the counties you buy in, not a radius.
- Your phone number, the same one your website shows first.
- Your hours, including when you answer calls on weekends.
- A category that says what you do: "Real estate agency" or "Home builder" mislead sellers.

## What to write in each

| Field         | What to write                                                                          |
| ------------- | -------------------------------------------------------------------------------------- |
| Business name | Exactly the name on your website and your mail, with no city or keyword added to it    |
| Service area  | The counties you buy in, one by one, rather than a radius around your office           |
| Phone         | The number your website shows first, so that a seller sees one number everywhere       |

## The habits

- Post once a week: a house you bought, a question you answered.
- Ask for a review after every closing.
- Answer every review, the unhappy ones first.

---

None of this costs money. All of it costs a little time every week, which is why most of your competitors skip it.
`,

  'rates-and-motivated-sellers': ({ author, category }) => `---
title: Rates, inventory and motivated sellers this fall
description: Higher rates kept owners in their homes and changed who needs to sell. Which sellers your marketing should reach now.
date: 2026-10-06
category: ${category(3)}
author: ${author(0)}
---

Mortgage rates stayed high through the fall, and fewer owners listed their homes. That changed who calls an investor: fewer owners who want to move up, more owners with a problem a listing cannot solve fast enough.

## Who is selling now

*Tired landlords* with tenants who stopped paying, *heirs* with a house two states away, and *owners behind on payments* who cannot wait the 60 days a listing takes.

## What to say to them

Each has a different worry. Talk about the tenant, the distance or the deadline, and the speed and certainty a cash offer brings. Leave the price for the call.
`,

  'landing-page-that-converts': ({ author, category }) => `---
title: Five parts of a landing page sellers fill in
description: 'The headline, the form, the proof, the promise and the phone number: what each part of a seller landing page does.'
date: 2026-09-28
category: ${category(0)}
author: ${author(3)}
---

A landing page has one job: get a seller to give you their address. Five parts do it.

## The parts

1. **A headline in the seller’s words:** "Sell your house as it is, in 14 days."
2. **A short form:** the address, a name and a phone number. Nothing else until the call.
3. **Proof:** three reviews from sellers, with their first names and towns.
4. **A promise:** no fees, no repairs, no showings.
5. **A phone number** at the top, for the sellers who would rather talk.

Take anything else off the page. Every extra link is a way out.
`,

  'retargeting-sellers-who-did-not-call': ({ author, category }) => `---
title: Retargeting the sellers who visited and did not call
description: Most sellers leave your site without calling. Retargeting reminds them for the weeks they take to decide, for a fraction of the first click.
date: 2026-09-19
category: ${category(2)}
author: ${author(1)}
---

Nine in ten visitors leave a seller landing page without filling in the form. Some were never going to sell. Many were not ready yet.

## Who to show ads to

Visitors of your seller pages in the last 60 days who did not submit the form. Leave out everyone who did: they hear from you anyway.

## What to show them

A face, a short line and the phone number: "Still thinking about selling? Call Dana, 9 to 6." Change the ad every two weeks so it never looks like wallpaper.
`,

  'reia-meetings-that-bring-deals': ({ author, category }) => `---
title: REIA meetings that bring deals, not business cards
description: How to use your local investors association for partners, buyers and referrals, with a plan for the first three meetings.
date: 2026-09-10
category: ${category(3)}
author: ${author(5)}
---

A <abbr title="Real Estate Investors Association">REIA</abbr> meeting is a room of people who buy, fund and fix what you find. Most investors leave with a pocket of business cards and no deals.

## A plan for the first three meetings

At the first, listen: who buys what, where. At the second, bring one deal you cannot do yourself. At the third, follow up with everyone who asked about it.

## What to bring

One sheet per deal: the address, the numbers and your phone number. A buyer who can read it in a minute can say yes in a week.
`,

  'local-seo-for-landlords': ({ author, category }) => `---
title: Local SEO for landlords who fill their own vacancies
description: Pages for each neighborhood and honest answers to tenants’ questions bring applicants without a listing site’s fees.
date: 2026-09-02
category: ${category(1)}
author: ${author(2)}
---

Listing sites take a fee for every tenant they send. A landlord with a dozen doors can earn the same searches on their own site.

## A page for each neighborhood

Tenants search "2 bedroom apartment Silver Spring", not "apartments". A page per neighborhood, with the units you have there, answers that search.

## Answer the questions tenants ask

Pets, parking, deposits, how long an application takes: each answer on your site is a search you can rank for, and a call you do not have to take.
`,

  // Scheduled: dated after the build's day, so no build publishes it until its day comes.
  'year-end-marketing-budget': ({ author, category, scheduledDay }) => `---
title: Setting next year's marketing budget, channel by channel
description: 'A worksheet for the budget you set in December: what each channel cost per contract this year, and what to move.'
date: ${scheduledDay}
category: ${category(0)}
author: ${author(0)}
---

This post is scheduled: it is dated after the day the site is built, so it is published on its day, by that day's build.

## Start from contracts

Divide each channel's spend by the contracts it brought this year.
`,

  // A draft: npm run dev shows it, no build publishes it.
  'draft-commission-free-offers': ({ author, category }) => `---
title: A draft no build publishes
description: 'A post still being written: npm run dev shows it, marked as a draft, and npm run build leaves it out.'
date: 2026-11-20
category: ${category(0)}
author: ${author(1)}
draft: true
---

Not ready yet.
`,
};
