import Testing

@testable import ReadingTime

@Suite struct ReadingRateTests {
  let rate = ReadingRate()

  @Test func wordsAt238AMinute() throws {
    #expect(rate.seconds(for: ReadingAmount(words: 0)) == 0)
    #expect(rate.seconds(for: ReadingAmount(words: 238)) == 60)
    #expect(rate.seconds(for: ReadingAmount(words: 119)) == 30)
    #expect(MinuteShares.rounded(rate.seconds(for: ReadingAmount(words: 118))) == 0)
    #expect(MinuteShares.rounded(rate.seconds(for: ReadingAmount(words: 119))) == 1)
    #expect(MinuteShares.rounded(rate.seconds(for: ReadingAmount(words: 356))) == 1)
    #expect(MinuteShares.rounded(rate.seconds(for: ReadingAmount(words: 357))) == 2)
  }

  @Test func readsCJKAt500CharactersAMinute() throws {
    #expect(rate.seconds(for: ReadingAmount(words: 0, cjkCharacters: 500)) == 60)
    #expect(rate.seconds(for: ReadingAmount(words: 0, cjkCharacters: 250)) == 30)
  }

  @Test func timesMixedTextRunByRun() throws {
    // 119 words (half a minute) and 250 CJK characters (half a minute): one
    // minute exactly. Read as all-CJK it would be 369/500 of a minute; as
    // all-Latin, 369/238.
    #expect(rate.seconds(for: ReadingAmount(words: 119, cjkCharacters: 250)) == 60)
  }

  @Test func countsImagesAsMediumDoes() throws {
    #expect(ReadingRate.imageSeconds(0) == 0)
    #expect(ReadingRate.imageSeconds(1) == 12)
    #expect(ReadingRate.imageSeconds(2) == 23)
    #expect(ReadingRate.imageSeconds(10) == 75)
    #expect(ReadingRate.imageSeconds(11) == 78)
    #expect(ReadingRate.imageSeconds(12) == 81)
    #expect(rate.seconds(for: ReadingAmount(words: 0, images: 5)) == 50)
    // The next images of a section cost what the next ones do.
    #expect(rate.seconds(for: ReadingAmount(words: 0, images: 1), imagesBefore: 9) == 3)
    #expect(rate.seconds(for: ReadingAmount(words: 0, images: 2), imagesBefore: 10) == 6)
  }

  @Test func honoursAnotherWordsPerMinute() throws {
    let slow = ReadingRate(wordsPerMinute: 100)
    #expect(slow.seconds(for: ReadingAmount(words: 100)) == 60)
  }
}

@Suite struct WordCounterTests {
  private func count(_ pieces: String...) -> ReadingAmount {
    var counter = WordCounter()
    for piece in pieces {
      var bytes = Array(piece.utf8)
      bytes.withUnsafeMutableBufferPointer { counter.feed(UnsafeBufferPointer($0)) }
    }
    return counter.take()
  }

  @Test func countsWordsBetweenSeparators() throws {
    #expect(count("the quick  brown\tfox\n").words == 4)
    #expect(count("don't stop, e.g. here").words == 4)
    #expect(count("well-known — fact").words == 2)
    #expect(count(" - * 1.").words == 1)
  }

  @Test func continuesAWordAcrossPieces() throws {
    #expect(count("bold", "face").words == 1)
    #expect(count("bold ", "face").words == 2)
  }

  @Test func countsEachCJKCharacterAndTheLatinRunsBetween() throws {
    let reading = count("English 日本語の文字 and 中文，한국어 mixed")
    #expect(reading.words == 3)
    #expect(reading.cjkCharacters == 11)
  }

  @Test func survivesInvalidUTF8() throws {
    var counter = WordCounter()
    let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0x20, 0xC3, 0x20, 0xED, 0xA0, 0x80, 0x63]
    bytes.withUnsafeBufferPointer { counter.feed($0) }
    #expect(counter.take().words == 2)
  }
}
