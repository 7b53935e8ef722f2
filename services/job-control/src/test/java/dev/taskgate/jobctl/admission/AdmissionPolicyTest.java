package dev.taskgate.jobctl.admission;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.taskgate.contracts.TaskSurface;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdmissionPolicyTest {

    private static final Instant NOW = Instant.parse("2026-08-01T09:00:00Z");
    private static final Duration RETRY = Duration.ofSeconds(5);
    private static final Duration SWEEP = Duration.ofSeconds(5);

    /** principal 2, project 4, organization 6, backlog 3, retained 1000 bytes. */
    private static Map<AdmissionBound, OptionalLong> limits() {
        Map<AdmissionBound, OptionalLong> limits = new EnumMap<>(AdmissionBound.class);
        limits.put(AdmissionBound.PRINCIPAL_CONCURRENCY, OptionalLong.of(2));
        limits.put(AdmissionBound.PROJECT_CONCURRENCY, OptionalLong.of(4));
        limits.put(AdmissionBound.ORGANIZATION_CONCURRENCY, OptionalLong.of(6));
        limits.put(AdmissionBound.PROJECT_BACKLOG, OptionalLong.of(3));
        limits.put(AdmissionBound.PROJECT_RETAINED_PAYLOAD_BYTES, OptionalLong.of(1000));
        return limits;
    }

    private static AdmissionPolicy on() {
        return new AdmissionPolicy(Set.of(TaskSurface.NATIVE), limits(), RETRY, SWEEP);
    }

    @ParameterizedTest
    @EnumSource(AdmissionBound.class)
    void refusesToStartWhenABoundIsMissingWhileTheNativeSurfaceIsOn(AdmissionBound bound) {
        Map<AdmissionBound, OptionalLong> limits = limits();
        limits.remove(bound);

        assertThatThrownBy(() -> new AdmissionPolicy(Set.of(TaskSurface.NATIVE), limits, RETRY, SWEEP))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(bound.key())
                .hasMessageContaining("jobctl.admission.native-tasks");
    }

    @ParameterizedTest
    @EnumSource(AdmissionBound.class)
    void refusesToStartWhenABoundIsZeroWhileTheCompatibilitySurfaceIsOn(AdmissionBound bound) {
        Map<AdmissionBound, OptionalLong> limits = limits();
        limits.put(bound, OptionalLong.of(0));

        assertThatThrownBy(() -> new AdmissionPolicy(Set.of(TaskSurface.COMPATIBILITY), limits, RETRY, SWEEP))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(bound.key() + " must be positive");
    }

    @Test
    void namesTheCompatibilitySwitchWhenOnlyItIsOn() {
        assertThatThrownBy(() -> new AdmissionPolicy(Set.of(TaskSurface.COMPATIBILITY), Map.of(), RETRY, SWEEP))
                .hasMessageContaining("jobctl.admission.principal-concurrency")
                .hasMessageContaining("jobctl.admission.compatibility");
    }

    @Test
    void refusesANegativeBoundEvenWithBothSurfacesOff() {
        Map<AdmissionBound, OptionalLong> limits = Map.of(AdmissionBound.PROJECT_BACKLOG, OptionalLong.of(-1));

        assertThatThrownBy(() -> new AdmissionPolicy(Set.of(), limits, RETRY, SWEEP))
                .hasMessageContaining("jobctl.admission.project-backlog must be positive");
    }

    @Test
    void refusesANonPositiveRetryHint() {
        assertThatThrownBy(() -> new AdmissionPolicy(Set.of(TaskSurface.NATIVE), limits(), Duration.ZERO, SWEEP))
                .hasMessageContaining("jobctl.admission.retry-after");
    }

    @Test
    void withBothSurfacesOffNothingIsBoundedAndNoBoundIsNeeded() {
        AdmissionPolicy off = new AdmissionPolicy(Set.of(), Map.of(), RETRY, SWEEP);

        assertThat(off.appliesTo(TaskSurface.NATIVE)).isFalse();
        assertThat(off.appliesTo(TaskSurface.COMPATIBILITY)).isFalse();
        assertThat(off.evaluate(new AdmissionUsage(1000, 1000, 1000, 1000, Long.MAX_VALUE / 2, NOW), 10, NOW))
                .isEmpty();
    }

    @Test
    void onlyTheSwitchedOnSurfaceIsBounded() {
        assertThat(on().appliesTo(TaskSurface.NATIVE)).isTrue();
        assertThat(on().appliesTo(TaskSurface.COMPATIBILITY)).isFalse();
    }

    @Test
    void admitsBelowEveryBound() {
        assertThat(on().evaluate(new AdmissionUsage(1, 3, 5, 2, 900, NOW.plusSeconds(60)), 100, NOW))
                .isEmpty();
    }

    @Test
    void eachCountBoundRefusesWhenReached() {
        assertThat(on().evaluate(new AdmissionUsage(2, 2, 2, 0, 0, null), 1, NOW))
                .hasValueSatisfying(r -> assertThat(r.bound()).isEqualTo(AdmissionBound.PRINCIPAL_CONCURRENCY));
        assertThat(on().evaluate(new AdmissionUsage(1, 4, 4, 0, 0, null), 1, NOW))
                .hasValueSatisfying(r -> assertThat(r.bound()).isEqualTo(AdmissionBound.PROJECT_CONCURRENCY));
        assertThat(on().evaluate(new AdmissionUsage(1, 1, 6, 0, 0, null), 1, NOW))
                .hasValueSatisfying(r -> assertThat(r.bound()).isEqualTo(AdmissionBound.ORGANIZATION_CONCURRENCY));
        assertThat(on().evaluate(new AdmissionUsage(1, 3, 3, 3, 0, null), 1, NOW))
                .hasValueSatisfying(r -> assertThat(r.bound()).isEqualTo(AdmissionBound.PROJECT_BACKLOG));
    }

    @Test
    void aCountRefusalNamesTheBoundAndHintsLongerTheFurtherOver() {
        AdmissionRefusal atLimit =
                on().evaluate(new AdmissionUsage(2, 2, 2, 0, 0, null), 1, NOW).orElseThrow();
        AdmissionRefusal threeOver =
                on().evaluate(new AdmissionUsage(4, 4, 4, 0, 0, null), 1, NOW).orElseThrow();

        assertThat(atLimit.detail()).contains("principal concurrency limit").contains("2 of 2");
        assertThat(atLimit.retryAfterSeconds()).isEqualTo(5);
        assertThat(threeOver.retryAfterSeconds()).isEqualTo(15);
        assertThat(atLimit.isTransient()).isTrue();
    }

    @Test
    void retainedBytesRefuseWhenTheInputDoesNotFitAndHintTheSoonestRetentionEndPlusOneSweep() {
        AdmissionRefusal refusal = on().evaluate(new AdmissionUsage(0, 0, 0, 0, 900, NOW.plusSeconds(120)), 101, NOW)
                .orElseThrow();

        assertThat(refusal.bound()).isEqualTo(AdmissionBound.PROJECT_RETAINED_PAYLOAD_BYTES);
        assertThat(refusal.detail()).contains("project retained payload limit").contains("900 of 1000 bytes");
        assertThat(refusal.retryAfterSeconds()).isEqualTo(125);
        assertThat(on().evaluate(new AdmissionUsage(0, 0, 0, 0, 900, NOW.plusSeconds(120)), 100, NOW))
                .isEmpty();
    }

    @Test
    void anInputLargerThanTheRetainedBoundOnItsOwnIsNeverAdmitted() {
        AdmissionRefusal refusal = on().evaluate(new AdmissionUsage(0, 0, 0, 0, 0, null), 1001, NOW)
                .orElseThrow();

        assertThat(refusal.isTransient()).isFalse();
        assertThat(refusal.retryAfterSeconds()).isNull();
        assertThat(refusal.detail()).contains("can never be admitted");
    }
}
