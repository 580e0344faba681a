import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TERMS, searchTerms, wordForms } from "~/server/projects/context";

describe("searchTerms: the words a knowledge-base search sends", () => {
  it("keeps the question's own words first, lower case, once each, without stopwords", () => {
    expect(searchTerms("What's our return policy for the dog beds?")).toEqual(["return", "policy", "dog", "beds"]);
    expect(searchTerms("Dog BEDS, dog beds and the dog's beds")).toEqual(["dog", "beds"]);
    expect(searchTerms("what is it?")).toEqual([]);
  });

  it("drops chat filler that no document says", () => {
    expect(searchTerms("does the cooling mat have to go in the freezer?").slice(0, 3)).toEqual([
      "cooling",
      "mat",
      "freezer",
    ]);
    expect(searchTerms("can they still get stuff out of it?")).toEqual([]);
  });

  it("reads how long / how soon as a question about days", () => {
    expect(searchTerms("how long until my order arrives?")).toEqual(
      expect.arrayContaining(["days", "time", "order", "arrives"]),
    );
    expect(searchTerms("how quickly do refunds land?")).toEqual(expect.arrayContaining(["days", "refunds"]));
    expect(searchTerms("how long")).not.toContain("long");
  });

  it("reads how heavy, how much and how thick", () => {
    expect(searchTerms("how heavy a dog can it take?")).toContain("weight");
    expect(searchTerms("how much does the big one weigh?")).toContain("weight");
    expect(searchTerms("how much is the crate pad?")).toEqual(expect.arrayContaining(["price", "crate", "pad"]));
    expect(searchTerms("how thick is the foam?")).toEqual(expect.arrayContaining(["thick", "inches", "foam"]));
  });

  it("turns a merchant's phrase into the word policies use", () => {
    expect(searchTerms("can customers send back a washed cover?")).toEqual(
      expect.arrayContaining(["customers", "return", "washed", "cover"]),
    );
    expect(searchTerms("can they send the bed back?")).toContain("return");
    expect(searchTerms("can they send the bed back?")).not.toContain("send");
    expect(searchTerms("do they get their money back?")).toContain("refund");
    expect(searchTerms("the bed showed up ripped")).toEqual(expect.arrayContaining(["arrived", "ripped", "damaged"]));
    expect(searchTerms("can shoppers split the cost into payments?")).toEqual(
      expect.arrayContaining(["installments", "payments", "customer"]),
    );
    expect(searchTerms("can I mention other brands in an ad?")).toContain("competitors");
  });

  it("adds the synonyms documents use, after the question's own words", () => {
    const terms = searchTerms("what's the guarantee on the XL?");
    expect(terms).toEqual(["guarantee", "xl", "warranty"]);
    expect(searchTerms("what's our slogan?")).toEqual(["slogan", "tagline", "motto"]);
    expect(searchTerms("are we open on weekends?")).toEqual(expect.arrayContaining(["hours", "saturday", "sunday"]));
    expect(searchTerms("when does the factory invoice?")).toEqual(
      expect.arrayContaining(["factory", "supplier", "manufacturer"]),
    );
  });

  it("finds a synonym whatever the word's ending", () => {
    expect(searchTerms("when it arrives")).toEqual(expect.arrayContaining(["delivery", "ship"]));
    expect(searchTerms("it arrived")).toEqual(expect.arrayContaining(["delivery", "ship"]));
    expect(searchTerms("items guaranteed")).toContain("warranty");
    expect(searchTerms("open weekends")).toContain("saturday");
    expect(searchTerms("shipped when?")).toEqual(expect.arrayContaining(["shipped", "delivery"]));
  });

  it("leaves a synonym one way where the other way would pull in noise", () => {
    // "guarantee" searches "warranty", but a question about the warranty does not search every "money-back guarantee".
    expect(searchTerms("warranty on the foam")).toEqual(["warranty", "foam"]);
    // "cost" searches "price"; "price" does not search every "at their cost".
    expect(searchTerms("Titan price?")).toEqual(["titan", "price"]);
  });

  it("sends at most 16 of the question's words and 24 terms in all", () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    expect(searchTerms(long)).toHaveLength(16);
    const synonymHeavy =
      "guarantee supplier contract cancel stock duties competitor color discount fee slogan weekend send damaged ship arrive freezer";
    const terms = searchTerms(synonymHeavy);
    expect(terms).toHaveLength(MAX_SEARCH_TERMS);
    expect(terms.slice(0, 16)).toEqual(synonymHeavy.split(" ").slice(0, 16));
  });
});

describe("wordForms", () => {
  it("gives the base forms a word may come from", () => {
    expect(wordForms("arrives")).toContain("arrive");
    expect(wordForms("shipped")).toContain("ship");
    expect(wordForms("tries")).toContain("try");
    expect(wordForms("shipping")).toContain("ship");
    expect(wordForms("guaranteed")).toContain("guarantee");
    expect(wordForms("weekends")).toContain("weekend");
    expect(wordForms("fee")).toEqual(["fee"]);
  });
});
