package dev.taskgate.examples.hoi4.focus;

/** Two mutually exclusive focuses, {@code first} sorting before {@code second}: the pair is unordered. */
public record ExclusivePair(String first, String second) implements Comparable<ExclusivePair> {

    public static ExclusivePair of(String a, String b) {
        return a.compareTo(b) <= 0 ? new ExclusivePair(a, b) : new ExclusivePair(b, a);
    }

    @Override
    public int compareTo(ExclusivePair other) {
        int byFirst = first.compareTo(other.first);
        return byFirst != 0 ? byFirst : second.compareTo(other.second);
    }
}
