/** The SOAP transport and WSDL (§4.1) and the 14 operations (§4.2). */
import { info, must, section, uncovered } from '../table.ts';
import { output, parts } from '../soap-rows.ts';

export const soapTransport = section('§4.1', {
  'soap.transport.location': must('The service is located at {base_url}/soap/project/.'),
  'soap.transport.port-443': info(
    'Whether the service is reached over port 443 is observed (the target URL decides).',
    'The reference server listens where it is told; production deployments use HTTPS on 443.',
  ),
  'soap.wsdl.available': must(
    'The service describes itself in a WSDL at {base_url}/soap/project/?wsdl.',
  ),
  'soap.wsdl.target-namespace': must('The target namespace is {base_url}/soap/project.'),
  'soap.wsdl.port-type': must('The port type is ProjectAPIPortType.'),
  'soap.wsdl.binding': must('The binding is named ProjectAPIBinding.'),
  'soap.wsdl.protocol': must('The binding is SOAP over HTTP.'),
  'soap.wsdl.style-rpc': must('Every operation is rpc style.'),
  'soap.wsdl.use-encoded': must('Every body is encoded (SOAP encoding).'),
  'soap.wsdl.request-response': must('Every operation is request-response.'),
  'soap.wsdl.soap-action': must(
    'The SOAP action of each operation is {base_url}/soap/project#<operation_name>.',
  ),
  'soap.wsdl.request-message': must(
    'The request message of each operation is named <operation_name>Request.',
  ),
  'soap.wsdl.response-message': must(
    'The response message is named <operation_name>Response and its output part is named <operation_name>.',
  ),
  'soap.wire.xsi-type': must('Encoded responses type every returned value with xsi:type.'),
  'soap.wire.encoded-arrays': must(
    'Arrays are SOAP-encoded arrays: SOAP-ENC:arrayType names the member type and counts the members (or asserts no size); member names are insignificant (SOAP 1.1 §5.4.2).',
  ),
  'soap.wire.soap-action-header': must(
    "A request carrying the operation's SOAPAction header is served.",
  ),
  'soap.wire.media-type': must(
    'Every answer, a fault included, is sent with Content-Type text/xml (SOAP 1.1 over HTTP; a charset parameter is allowed).',
  ),
});

export const soapOperations = section('§4.2', {
  'soap.activateService.parts': parts('activateService'),
  'soap.activateService.output': output('activateService'),
  'soap.addProject.parts': parts('addProject'),
  'soap.addProject.output': output('addProject'),
  'soap.addProjectMember.parts': parts('addProjectMember'),
  'soap.addProjectMember.output': output('addProjectMember'),
  'soap.addUserToUGroup.parts': parts('addUserToUGroup'),
  'soap.addUserToUGroup.output': output('addUserToUGroup'),
  'soap.deactivateService.parts': parts('deactivateService'),
  'soap.deactivateService.output': output('deactivateService'),
  'soap.getPlateformProjectDescriptionFields.parts': parts('getPlateformProjectDescriptionFields'),
  'soap.getPlateformProjectDescriptionFields.output': output(
    'getPlateformProjectDescriptionFields',
  ),
  'soap.getProjectDescriptionFieldsValue.parts': parts('getProjectDescriptionFieldsValue'),
  'soap.getProjectDescriptionFieldsValue.output': output('getProjectDescriptionFieldsValue'),
  'soap.getProjectGenericUser.parts': parts('getProjectGenericUser'),
  'soap.getProjectGenericUser.output': output('getProjectGenericUser'),
  'soap.getProjectServicesUsage.parts': parts('getProjectServicesUsage'),
  'soap.getProjectServicesUsage.output': output('getProjectServicesUsage'),
  'soap.removeProjectMember.parts': parts('removeProjectMember'),
  'soap.removeProjectMember.output': output('removeProjectMember'),
  'soap.removeUserFromUGroup.parts': parts('removeUserFromUGroup'),
  'soap.removeUserFromUGroup.output': output('removeUserFromUGroup'),
  'soap.setProjectDescriptionFieldValue.parts': parts('setProjectDescriptionFieldValue'),
  'soap.setProjectDescriptionFieldValue.output': output('setProjectDescriptionFieldValue'),
  'soap.setProjectGenericUser.parts': parts('setProjectGenericUser'),
  'soap.setProjectGenericUser.output': output('setProjectGenericUser'),
  'soap.unsetGenericUser.parts': parts('unsetGenericUser'),
  'soap.unsetGenericUser.output': output('unsetGenericUser'),
  'soap.activateService.effect': must(
    'activateService activates the service in the project (read back with getProjectServicesUsage), and changes no other project.',
  ),
  'soap.deactivateService.effect': must(
    'deactivateService deactivates the service in the project (read back with getProjectServicesUsage), and changes no other project.',
  ),
  'soap.addProject.creates': must(
    'addProject creates a project, visible afterwards (REST project list or by id), and changes nothing of its template.',
  ),
  'soap.addProject.short-and-public-name': must(
    'shortName is the Unix name and publicName the full name of the created project (REST shortname and label).',
  ),
  'soap.addProject.privacy': must(
    "privacy 'public' creates a public project and 'private' a private one (anonymous REST visibility).",
  ),
  'soap.addProject.default-template': must(
    'templateId 100 is the default template and is accepted.',
  ),
  'soap.addProject.name-conflict': must(
    'addProject fails on a name conflict (a short name already used).',
  ),
  'soap.addProject.inherits-services': must(
    'A created project inherits the services of its template (getProjectServicesUsage).',
  ),
  'soap.addProject.no-description': must(
    'A created project has no project description and no description field values.',
  ),
  'soap.addProject.session-key-admin': must(
    "The user whose session is addProject's sessionKey (the desired project admin) administers the created project.",
  ),
  'soap.addProject.accepted': must(
    'A created project is accepted automatically (usable at once by the other operations).',
  ),
  'soap.addProject.unobservable-properties': uncovered(
    info(
      "Project type 'Project', no trove category and the 'Site exchange policy' are not observable over these interfaces.",
      'Recorded on the project; no operation returns them.',
    ),
    'no operation of §4.2 and no REST route of §4.3 returns these properties: nothing on the wire shows them',
  ),
  'soap.addProject.name-rules': info(
    'Which short and public names addProject accepts is observed (the spec says only that shortName is the Unix name).',
    'As the real system: a short name matches ^[A-Za-z][A-Za-z0-9-]{2,29}$, is not reserved (www, cvs, ftp, mail, root, git, … or forge__*) and is not an existing project or user name, case-insensitively, else 3102; a public name has 3 to 40 characters once trimmed, else 3103.',
  ),
  'soap.addProject.privacy-other-values': info(
    "What a privacy value other than 'public' or 'private' creates is observed.",
    "As the real system: any value other than 'public' creates a private project.",
  ),
  'soap.addProject.return-value': info(
    'The meaning of the integer returned by addProject is observed.',
    'The id of the created project (its group_id), as the real system.',
  ),
  'soap.addProjectMember.effect': must(
    'addProjectMember adds the user with that login as a project member, and changes no other membership.',
  ),
  'soap.removeProjectMember.effect': must(
    'removeProjectMember removes the user from the project members (and may take them out of its user groups), and changes no other membership.',
  ),
  'soap.addUserToUGroup.effect': must(
    'addUserToUGroup adds the user to the user group defined in the project groupId, and changes no other membership.',
  ),
  'soap.removeUserFromUGroup.effect': must(
    'removeUserFromUGroup removes the user from the user group, and changes no other membership.',
  ),
  'soap.getPlateformProjectDescriptionFields.effect': must(
    'getPlateformProjectDescriptionFields returns all description fields of the platform.',
  ),
  'soap.getProjectDescriptionFieldsValue.effect': must(
    'getProjectDescriptionFieldsValue returns the description field values of the project.',
  ),
  'soap.setProjectDescriptionFieldValue.effect': must(
    'setProjectDescriptionFieldValue sets the value of one description field (read back with getProjectDescriptionFieldsValue).',
  ),
  'soap.getProjectServicesUsage.effect': must(
    'getProjectServicesUsage returns the usage value of each service of the project.',
  ),
  'soap.setProjectGenericUser.effect': must(
    'setProjectGenericUser creates a generic user for the project with the given password.',
  ),
  'soap.getProjectGenericUser.effect': must(
    "getProjectGenericUser returns the project's generic user.",
  ),
  'soap.unsetGenericUser.effect': info(
    'The purpose and effect of unsetGenericUser are observed.',
    'Removes the generic user from the project members; the account stays (real system).',
  ),
  'soap.strings.whitespace-only': info(
    'What a string value made only of spaces, tabs, CR or LF reads back as (a description value) is observed.',
    "As sent (reference server). The real system's SOAP stack (PHP SoapServer::handle() with no argument) drops such text nodes, so it reads back as ''; whitespace inside a value is kept there too (docs/real-system.md, 'Whitespace-only strings in SOAP requests'). The MUST round trips leave such values out.",
  ),
  'soap.boolean-meaning': info(
    'The meaning of the returned boolean is observed.',
    'true on success, even when nothing changed (real system).',
  ),
});
