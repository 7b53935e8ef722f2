package dev.taskgate.contracts.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;

/**
 * Reads and writes instants in the one form every Taskgate record and response uses, {@code 2026-12-05T04:00:00Z}
 * with 0–9 fraction digits, without going through {@link java.time.format.DateTimeFormatter}: its general parser
 * and printer showed in every service's CPU profile (3.5 % of mcp-frontend's samples, docs/performance.md). The
 * results are those of {@link java.time.format.DateTimeFormatter#ISO_INSTANT}; whatever this class does not handle
 * (another form, a year outside 0000–9999) is left to it.
 */
public final class IsoInstants {

    private static final int SECONDS_PER_DAY = 86_400;
    // 0000-01-01 and 9999-12-31, the years written with exactly four digits
    private static final long FIRST_DAY = LocalDate.of(0, 1, 1).toEpochDay();
    private static final long LAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();
    private static final int[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

    private IsoInstants() {}

    /**
     * The instant {@code text} stands for, if it is {@code yyyy-MM-ddTHH:mm:ss} followed by an optional fraction of
     * 1–9 digits and {@code Z}, naming a real date and time (no leap second, no 24:00); {@code null} for any other
     * text, which may still be an instant in a form {@code ISO_INSTANT} accepts.
     */
    public static Instant parseCanonical(String text) {
        int length = text.length();
        if (length < 20 || length > 30 || text.charAt(length - 1) != 'Z' || !separatorsAt(text)) {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 2);
        int day = digits(text, 8, 2);
        int hour = digits(text, 11, 2);
        int minute = digits(text, 14, 2);
        int second = digits(text, 17, 2);
        if (year < 0
                || month < 1
                || month > 12
                || day < 1
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59
                || day > Month.of(month).length(Year.isLeap(year))) {
            return null;
        }
        int nanos = 0;
        if (length > 20) {
            int fractionDigits = length - 21;
            if (text.charAt(19) != '.' || fractionDigits < 1) {
                return null;
            }
            int fraction = digits(text, 20, fractionDigits);
            if (fraction < 0) {
                return null;
            }
            nanos = fraction * POWERS_OF_TEN[9 - fractionDigits];
        }
        long epochDay = LocalDate.of(year, month, day).toEpochDay();
        return Instant.ofEpochSecond(epochDay * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second, nanos);
    }

    /** {@code instant} as {@code ISO_INSTANT} writes it (and {@link Instant#toString()}): fraction digits in threes. */
    public static String format(Instant instant) {
        long epochDay = Math.floorDiv(instant.getEpochSecond(), SECONDS_PER_DAY);
        if (epochDay < FIRST_DAY || epochDay > LAST_DAY) {
            return instant.toString();
        }
        int secondOfDay = Math.floorMod(instant.getEpochSecond(), SECONDS_PER_DAY);
        LocalDate date = LocalDate.ofEpochDay(epochDay);
        int nanos = instant.getNano();
        int fractionDigits = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
        char[] out = new char[fractionDigits == 0 ? 20 : 21 + fractionDigits];
        write(out, 0, date.getYear(), 4);
        out[4] = '-';
        write(out, 5, date.getMonthValue(), 2);
        out[7] = '-';
        write(out, 8, date.getDayOfMonth(), 2);
        out[10] = 'T';
        write(out, 11, secondOfDay / 3600, 2);
        out[13] = ':';
        write(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        write(out, 17, secondOfDay % 60, 2);
        if (fractionDigits > 0) {
            out[19] = '.';
            write(out, 20, nanos / POWERS_OF_TEN[9 - fractionDigits], fractionDigits);
        }
        out[out.length - 1] = 'Z';
        return new String(out);
    }

    private static boolean separatorsAt(String text) {
        return text.charAt(4) == '-'
                && text.charAt(7) == '-'
                && text.charAt(10) == 'T'
                && text.charAt(13) == ':'
                && text.charAt(16) == ':';
    }

    /** The number written by {@code count} ASCII digits at {@code from}; -1 if one of them is not a digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static void write(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
