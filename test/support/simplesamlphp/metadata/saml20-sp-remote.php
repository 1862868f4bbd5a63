<?php
// Our service provider: its entity id and assertion consumer service, as the test created the connector.
$metadata[getenv('SSP_SP_ENTITY_ID')] = [
    'AssertionConsumerService' => getenv('SSP_SP_ACS'),
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    'simplesaml.nameidattribute' => 'email',
    'simplesaml.attributes' => true,
    'validate.authnrequest' => false,
    'saml20.sign.assertion' => true,
];
