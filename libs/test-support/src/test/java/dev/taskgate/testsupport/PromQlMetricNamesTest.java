package dev.taskgate.testsupport;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PromQlMetricNamesTest {
    @Test
    void findsTheSelectedMetricOfAnAggregatedRate() {
        assertThat(PromQlMetricNames.of(
                        "sum by (kind, outcome) (rate(taskgate_commands_total{kind=\"submit\"}[$__rate_interval]))"))
                .containsExactly("taskgate_commands_total");
    }

    @Test
    void findsBothSidesOfARatioWithVectorMatching() {
        assertThat(PromQlMetricNames.of("sum without (pod) (rate(a_sum[5m])) / on (job) group_left (instance) "
                        + "sum(rate(b_count{outcome=~\"retry|give_up\"}[5m])) > bool 0.5"))
                .containsExactly("a_sum", "b_count");
    }

    @Test
    void ignoresLabelNamesAfterAnAggregationWrittenAfterItsArgument() {
        assertThat(PromQlMetricNames.of("max(kafka_lag{client_id!=\"\"}) by (client_id, topic)"))
                .containsExactly("kafka_lag");
    }

    @Test
    void ignoresStringsVariablesNumbersDurationsAndKeywords() {
        assertThat(PromQlMetricNames.of("label_replace(up_like{a='x'}, \"dst\", \"$1\", \"src\", \"(.*)\") "
                        + "offset 1h30m unless on (instance) c_total[${range}] > 1e3 or vector(0) and d == Inf "
                        + "or e_total @ start() or f_total > 0x1F or nan_count_total > NaN"))
                .containsExactly("c_total", "d", "e_total", "f_total", "nan_count_total", "up_like");
    }

    @Test
    void findsNamesInsideSubqueriesAndNestedFunctions() {
        assertThat(PromQlMetricNames.of("max_over_time(histogram_quantile(0.99, "
                        + "sum by (le) (rate(http_seconds_bucket[5m])))[1h:1m]) > scalar(limit_gauge)"))
                .containsExactly("http_seconds_bucket", "limit_gauge");
    }

    @Test
    void refusesASelectionByName() {
        assertThatThrownBy(() -> PromQlMetricNames.of("{__name__=~\"taskgate_.*\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("__name__");
    }
}
