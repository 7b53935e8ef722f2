package dev.taskgate.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a system test of the outage tier: it takes PostgreSQL or Kafka away for minutes, on a private infrastructure
 * of its own ({@link PrivateInfra}). Neither {@code bin/test} nor {@code bin/test --all} (CI) runs it: it takes
 * minutes by design. {@code bin/test --outage} does; failsafe selects on the tag {@value #TAG}
 * (docs/testing.md "Outage tier").
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(OutageTier.TAG)
public @interface OutageTier {
    String TAG = "outage";
}
