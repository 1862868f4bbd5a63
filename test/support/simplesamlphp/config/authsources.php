<?php
// One account, the demo employee of acme, with the password of the demo accounts.
$config = [
    'admin' => ['core:AdminPassword'],
    'example-userpass' => [
        'exampleauth:UserPass',
        'employee@acme.test:demo1234' => [
            'email' => ['employee@acme.test'],
            'givenName' => ['Erin'],
            'sn' => ['Employee'],
        ],
    ],
];
