import type { optionsEn } from './options.en';

/** Labels of the contract's option lists, Urdu. */
export const optionsUr: typeof optionsEn = {
  gender: { '1': 'مرد', '2': 'عورت' },
  yesNo: { yes: 'ہاں', no: 'نہیں' },
  education: { noEducated: 'کوئی رسمی تعلیم نہیں', primaryschool: 'پرائمری اسکول', seniorSchool: 'سینئر اسکول', bachelors: 'بیچلرز', masters: 'ماسٹرز' },
  maritalStatus: { single: 'غیر شادی شدہ', married: 'شادی شدہ', divorced: 'طلاق یافتہ', widowed: 'بیوہ / رنڈوا' },
  loanPurpose: { familyFunction: 'خاندانی تقریب', holidayTravel: 'چھٹیوں کا سفر', education: 'تعلیم', health: 'صحت', otherPersonalUse: 'دیگر ذاتی استعمال' },
  residenceType: { ownHouse: 'اپنا گھر', rened: 'کرائے کا گھر', others: 'دیگر' },
  employmentType: { employee: 'ملازم', self_employed: 'اپنا کاروبار', Unemployed: 'بے روزگار' },
  industry: {
    hospitalAndMedical: 'ہسپتال اور طب', financeAndAudit: 'مالیات اور آڈٹ', transportation: 'ٹرانسپورٹ',
    bankAndInsurance: 'بینک اور انشورنس', retail: 'ریٹیل', Police: 'پولیس', governmentEmployee: 'سرکاری ملازم',
    education: 'تعلیم', itAndSoftware: 'آئی ٹی اور سافٹ ویئر', manufacturing: 'مینوفیکچرنگ', construction: 'تعمیرات',
    agriculture: 'زراعت', hospitality: 'مہمان نوازی', telecom: 'ٹیلی کام', legal: 'قانونی', others: 'دیگر',
  },
  designation: {
    assistant: 'اسسٹنٹ', commissioner: 'کمشنر', supervisor: 'سپروائزر', manager: 'مینیجر', director: 'ڈائریکٹر', other: 'دیگر',
    officer: 'افسر', clerk: 'کلرک', teacher: 'استاد', doctor: 'ڈاکٹر', nurse: 'نرس', engineer: 'انجینئر', lawyer: 'وکیل',
    accountant: 'اکاؤنٹنٹ', policeOfficer: 'پولیس افسر', armedForces: 'مسلح افواج',
    businessOwner: 'کاروبار کا مالک', shopkeeper: 'دکاندار', trader: 'تاجر', farmer: 'کسان', driver: 'ڈرائیور', freelancer: 'فری لانسر', craftsman: 'کاریگر',
  },
  salaryBand: {
    under29999: '29,999 روپے سے کم', '30000-49999': '30,000 سے 49,999 روپے', '50000-99999': '50,000 سے 99,999 روپے',
    '100000-149999': '100,000 سے 149,999 روپے', over150000: '150,000 روپے یا زیادہ',
  },
  idCardType: { CNIC: 'شناختی کارڈ (CNIC)', NICOP: 'NICOP (بیرون ملک پاکستانی)' },
  language: {
    urdu: 'اردو', punjabi: 'پنجابی', sindhi: 'سندھی', pashto: 'پشتو', saraiki: 'سرائیکی', balochi: 'بلوچی', hindko: 'ہندکو', brahui: 'براہوی',
    english: 'انگریزی', other: 'دیگر',
  },
  jobExperience: { lessThan1Year: '1 سال سے کم', in1_3Years: '1 سے 3 سال', moreThan3Years: '3 سال سے زیادہ' },
  payFrequency: { Weekly: 'ہفتہ وار', Fourteen: 'ہر چودہ دن بعد', Monthly: 'ماہانہ', Biweekly: 'مہینے میں دو بار' },
  weekday: { monday: 'پیر', tuesday: 'منگل', wednesday: 'بدھ', thursday: 'جمعرات', friday: 'جمعہ', saturday: 'ہفتہ', sunday: 'اتوار' },
  incomeSource: { ownself: 'خود', father: 'والد', mother: 'والدہ', brotherOrSister: 'بھائی یا بہن', otherFamilyMember: 'خاندان کا کوئی اور فرد' },
  relation: { parents: 'والدین', couple: 'شریک حیات', children: 'اولاد', siblings: 'بہن بھائی', friends: 'دوست', others: 'دیگر' },
  payMethod: { cheque: 'چیک', cash: 'نقد', bankTransfer: 'بینک ٹرانسفر' },
  cardType: { bank: 'بینک اکاؤنٹ', Easypaisa: 'ایزی پیسہ', Jazzcash: 'جاز کیش', IBAN: 'IBAN' },
};
