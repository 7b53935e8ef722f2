package dev.taskgate.serviceauth;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KafkaClientSecurityTest {

    @Test
    void keepsTheProtocolAndEverySaslAndSslSettingAndNothingElse() {
        Map<String, Object> settings = Map.of(
                "bootstrap.servers", "127.0.0.1:9092",
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "ScramLoginModule required username=\"a\" password=\"b\";",
                "ssl.truststore.location", "/etc/kafka/ca.p12",
                "security.providers", "x",
                "group.id", "job-control");

        assertThat(KafkaClientSecurity.of(settings))
                .containsOnlyKeys("security.protocol", "sasl.mechanism", "sasl.jaas.config", "ssl.truststore.location")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512");
    }

    @Test
    void anEmptyConfigurationGivesNoSettings() {
        assertThat(KafkaClientSecurity.of(Map.of())).isEmpty();
    }
}
