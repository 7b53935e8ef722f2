package dev.taskgate.contracts.egress;

import java.net.InetAddress;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The SSRF classifier and guard, with literal addresses only (no DNS). */
class AddressClassifierTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "127.255.0.9",
                "10.0.0.1",
                "172.16.0.1",
                "172.31.255.255",
                "192.168.1.1",
                "169.254.169.254",
                "0.0.0.0",
                "0.1.2.3",
                "100.64.0.1",
                "100.127.255.255",
                "224.0.0.1",
                "239.1.1.1",
                "255.255.255.255",
                "240.0.0.1",
                "198.18.0.1",
                "192.0.0.8",
                "::1",
                "::",
                "fe80::1",
                "fc00::1",
                "fd12::5",
                "fec0::1",
                "ff02::1",
                "::ffff:127.0.0.1",
                "::ffff:10.1.2.3",
                "::127.0.0.1",
                "64:ff9b::a9fe:a9fe",
                "2002:c0a8:0101::1",
                "2002:7f00:0001::",
                "64:ff9b:1::a00:1",
                "64:ff9b:1:ffff::808:808",
                "2001::1",
                "2001:0:4136:e378:8000:63bf:3fff:fdd2"
            })
    void refusesNonPublicAddresses(String literal) throws Exception {
        assertThat(AddressClassifier.refusal(InetAddress.getByName(literal)))
                .as(literal)
                .isPresent();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "8.8.8.8",
                "1.1.1.1",
                "93.184.216.34",
                "172.32.0.1",
                "172.15.255.255",
                "100.128.0.1",
                "192.169.0.1",
                "2606:4700:4700::1111",
                "2a00:1450:4001:80b::200e",
                "::ffff:8.8.8.8",
                "64:ff9b::808:808",
                "2002:0808:0808::1",
                "64:ff9b:2::808:808",
                "2001:4860:4860::8888"
            })
    void acceptsPublicAddresses(String literal) throws Exception {
        assertThat(AddressClassifier.refusal(InetAddress.getByName(literal)))
                .as(literal)
                .isEmpty();
    }
}
