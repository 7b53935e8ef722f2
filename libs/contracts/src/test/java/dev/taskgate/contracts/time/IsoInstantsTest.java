package dev.taskgate.contracts.time;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link IsoInstants} against the JDK's {@code ISO_INSTANT}, which it must agree with wherever it answers. */
class IsoInstantsTest {

    // 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z
    private static final long FIRST_SECOND = -62_167_219_200L;
    private static final long LAST_SECOND = 253_402_300_799L;

    @Test
    void writesWhatTheJdkWritesAndReadsItBack() {
        SplittableRandom random = new SplittableRandom(20261205);
        for (int i = 0; i < 200_000; i++) {
            long second = random.nextLong(FIRST_SECOND, LAST_SECOND + 1);
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nanos);

            String written = IsoInstants.format(instant);

            assertThat(written).isEqualTo(instant.toString());
            assertThat(IsoInstants.parseCanonical(written)).isEqualTo(instant);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-12-05T04:00:00Z",
                "2026-12-05T04:00:00.1Z",
                "2026-12-05T04:00:00.12Z",
                "2026-12-05T04:00:00.0000001Z",
                "2026-12-05T04:00:00.123456789Z",
                "2024-02-29T23:59:59.999Z",
                "0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59.999999999Z",
                "1969-12-31T23:59:59.5Z"
            })
    void readsEveryFractionLengthAsTheJdkDoes(String text) {
        assertThat(IsoInstants.parseCanonical(text))
                .isEqualTo(DateTimeFormatter.ISO_INSTANT.parse(text, Instant::from));
    }

    /** Forms it leaves to the JDK (some of them valid there, some not): it must not answer for them. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-12-05t04:00:00Z",
                "2026-12-05T04:00:00z",
                "2026-12-05T04:00:00+00:00",
                "2026-12-05T04:00:00.Z",
                "2026-12-05T04:00:00.1234567890Z",
                "2026-12-05T04:00Z",
                " 2026-12-05T04:00:00Z",
                "2026-12-05T04:00:00Z ",
                "2026-12-05T24:00:00Z",
                "2026-12-05T23:59:60Z",
                "2026-02-29T00:00:00Z",
                "2026-13-01T00:00:00Z",
                "2026-00-01T00:00:00Z",
                "2026-12-00T00:00:00Z",
                "+2026-12-05T04:00:00Z",
                "2026-12-05T04:00:0xZ",
                "2026/12/05T04:00:00Z",
                "20261205T040000Z",
                ""
            })
    void answersNothingForAnyOtherForm(String text) {
        assertThat(IsoInstants.parseCanonical(text)).isNull();
    }

    @Test
    void leavesYearsBeyondFourDigitsToTheJdk() {
        Instant far = Instant.ofEpochSecond(LAST_SECOND + 1);
        Instant before = Instant.ofEpochSecond(FIRST_SECOND - 1, 5);

        assertThat(IsoInstants.format(far)).isEqualTo("+10000-01-01T00:00:00Z").isEqualTo(far.toString());
        assertThat(IsoInstants.format(before)).isEqualTo(before.toString());
    }
}
