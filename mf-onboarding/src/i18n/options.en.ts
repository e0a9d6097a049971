/** Labels of the contract's option lists (shared/src/contract/options.ts), English. */
export const optionsEn = {
  gender: { '1': 'Male', '2': 'Female' },
  yesNo: { yes: 'Yes', no: 'No' },
  education: { noEducated: 'No formal education', primaryschool: 'Primary school', seniorSchool: 'Senior school', bachelors: 'Bachelors', masters: 'Masters' },
  maritalStatus: { single: 'Single', married: 'Married', divorced: 'Divorced', widowed: 'Widowed' },
  loanPurpose: { familyFunction: 'Family function', holidayTravel: 'Holiday travel', education: 'Education', health: 'Health', otherPersonalUse: 'Other personal use' },
  residenceType: { ownHouse: 'Own house', rened: 'Rented', others: 'Others' },
  employmentType: { employee: 'Employee', self_employed: 'Self-employed', Unemployed: 'Unemployed' },
  industry: {
    hospitalAndMedical: 'Hospital and medical', financeAndAudit: 'Finance and audit', transportation: 'Transportation',
    bankAndInsurance: 'Bank and insurance', retail: 'Retail', Police: 'Police', governmentEmployee: 'Government employee',
    education: 'Education', itAndSoftware: 'IT and software', manufacturing: 'Manufacturing', construction: 'Construction',
    agriculture: 'Agriculture', hospitality: 'Hospitality', telecom: 'Telecom', legal: 'Legal', others: 'Others',
  },
  designation: {
    assistant: 'Assistant', commissioner: 'Commissioner', supervisor: 'Supervisor', manager: 'Manager', director: 'Director', other: 'Other',
    officer: 'Officer', clerk: 'Clerk', teacher: 'Teacher', doctor: 'Doctor', nurse: 'Nurse', engineer: 'Engineer', lawyer: 'Lawyer',
    accountant: 'Accountant', policeOfficer: 'Police officer', armedForces: 'Armed forces',
    businessOwner: 'Business owner', shopkeeper: 'Shopkeeper', trader: 'Trader', farmer: 'Farmer', driver: 'Driver', freelancer: 'Freelancer', craftsman: 'Craftsman',
  },
  salaryBand: {
    under29999: 'Under Rs 29,999', '30000-49999': 'Rs 30,000 to 49,999', '50000-99999': 'Rs 50,000 to 99,999',
    '100000-149999': 'Rs 100,000 to 149,999', over150000: 'Rs 150,000 or more',
  },
  idCardType: { CNIC: 'CNIC', NICOP: 'NICOP (overseas Pakistanis)' },
  language: {
    urdu: 'Urdu', punjabi: 'Punjabi', sindhi: 'Sindhi', pashto: 'Pashto', saraiki: 'Saraiki', balochi: 'Balochi', hindko: 'Hindko', brahui: 'Brahui',
    english: 'English', other: 'Other',
  },
  jobExperience: { lessThan1Year: 'Less than 1 year', in1_3Years: '1 to 3 years', moreThan3Years: 'More than 3 years' },
  payFrequency: { Weekly: 'Weekly', Fourteen: 'Every fourteen days', Monthly: 'Monthly', Biweekly: 'Twice a month' },
  weekday: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  incomeSource: { ownself: 'Myself', father: 'Father', mother: 'Mother', brotherOrSister: 'Brother or sister', otherFamilyMember: 'Other family member' },
  relation: { parents: 'Parents', couple: 'Spouse', children: 'Children', siblings: 'Siblings', friends: 'Friends', others: 'Others' },
  payMethod: { cheque: 'Cheque', cash: 'Cash', bankTransfer: 'Bank transfer' },
  cardType: { bank: 'Bank account', Easypaisa: 'Easypaisa', Jazzcash: 'JazzCash', IBAN: 'IBAN' },
};
