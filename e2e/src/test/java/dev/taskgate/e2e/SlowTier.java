package dev.taskgate.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a system test of the slow tier: it SIGKILLs or restarts service processes (and then waits out liveness
 * timeouts and restarts), or runs the chaos test. {@code bin/test} leaves these out; {@code bin/test --all} and CI
 * run them. Failsafe selects on the tag {@value #TAG}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(SlowTier.TAG)
public @interface SlowTier {
    String TAG = "slow";
}
