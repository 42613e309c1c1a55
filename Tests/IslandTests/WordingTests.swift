import Testing

@testable import Island

/// Times as the rows and the bar say them.
@Suite struct WordingTests {
  @Test func timesReadWellAtEveryLength() {
    let wording = Wording()
    #expect(wording.time(minutes: 0, anything: false) == nil)
    #expect(wording.time(minutes: 0, anything: true) == "< 1 min")
    #expect(wording.time(minutes: 1, anything: true) == "1 min")
    #expect(wording.time(minutes: 59, anything: true) == "59 min")
    #expect(wording.time(minutes: 60, anything: true) == "1 h 0 min")
    #expect(wording.time(minutes: 85, anything: true) == "1 h 25 min")
    #expect(wording.time(minutes: 130, anything: true) == "2 h 10 min")
    #expect(wording.timeLeft(minutes: 0, seconds: 0) == "0 min")
  }

  @Test func theTimeLeftIsSpokenInWords() {
    var wording = Wording()
    #expect(wording.spokenLeft(minutes: 2, seconds: 130) == "2 minutes left")
    #expect(wording.spokenLeft(minutes: 1, seconds: 70) == "1 minute left")
    #expect(wording.spokenLeft(minutes: 0, seconds: 20) == "less than a minute left")
    wording.replaceSpokenLeft("noch {m} min")
    #expect(wording.spokenLeft(minutes: 1, seconds: 70) == "noch 1 min")
    #expect(wording.spokenLeft(minutes: 0, seconds: 20) == "noch < 1 min")
  }
}
