package dev.taskgate.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a {@link SlowTier} test that {@code bin/test --all} (CI) runs in the fast tier's lane rather than the slow
 * tier's, so that the two lanes, which run side by side, take about as long as each other. It stays out of a plain
 * {@code bin/test}. Failsafe selects on the tag {@value #TAG}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(SlowTierInFastLane.TAG)
public @interface SlowTierInFastLane {
    String TAG = "slow-in-fast-lane";
}
