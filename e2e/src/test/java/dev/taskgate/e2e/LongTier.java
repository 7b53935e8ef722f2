package dev.taskgate.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a system test of the long tier: on the shared test infrastructure like the slow tier, but it takes many
 * minutes by design (RollingRestartE2E restarts eight service instances one by one under load: 5–9 minutes here), so
 * neither {@code bin/test} nor {@code bin/test --all} (CI) runs it. {@code bin/test --long} does; failsafe selects on
 * the tag {@value #TAG} (docs/testing.md "Long tier").
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(LongTier.TAG)
public @interface LongTier {
    String TAG = "long";
}
